import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';

// The camera's QR reader, loaded only when the reception opens it: the browser's own BarcodeDetector where it
// exists, jsQR (pure JavaScript) everywhere else. The check-in page loads this chunk while it still has network.

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

export default function QrScanner({ onScan, onClose }: { onScan: (value: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    const canvas = document.createElement('canvas');
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        setError('La caméra n’est pas disponible. Saisissez le code du billet.');
        return;
      }
      const element = video.current;
      if (!element || stopped) return;
      element.srcObject = stream;
      await element.play().catch(() => {});
      const detector = window.BarcodeDetector ? new window.BarcodeDetector({ formats: ['qr_code'] }) : null;
      const tick = async () => {
        if (stopped) return;
        let found: string | null = null;
        if (element.readyState >= 2) {
          if (detector) {
            const codes = await detector.detect(element).catch(() => []);
            found = codes[0]?.rawValue ?? null;
          } else {
            canvas.width = element.videoWidth;
            canvas.height = element.videoHeight;
            const context = canvas.getContext('2d', { willReadFrequently: true });
            if (context && canvas.width > 0) {
              context.drawImage(element, 0, 0);
              const image = context.getImageData(0, 0, canvas.width, canvas.height);
              found = jsQR(image.data, image.width, image.height)?.data ?? null;
            }
          }
        }
        if (found) onScan(found);
        else timer = window.setTimeout(tick, 250);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onScan]);

  return (
    <div className="flex flex-col gap-2">
      {error ? (
        <p role="alert">{error}</p>
      ) : (
        <video ref={video} className="w-full rounded-md bg-black" muted playsInline aria-label="Caméra" />
      )}
      <button type="button" className="self-start underline" onClick={onClose}>
        Fermer la caméra
      </button>
    </div>
  );
}
