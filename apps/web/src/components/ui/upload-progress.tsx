/** Upload progress (0..1) under a multipart form: a native progress bar announced politely. */
export function UploadProgress({ value, label = 'Envoi des fichiers' }: { value: number | null; label?: string }) {
  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <div className="flex flex-col gap-1" role="status" aria-live="polite">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}</span>
        <span>{percent} %</span>
      </div>
      <progress className="h-2 w-full overflow-hidden rounded accent-emerald-700" max={100} value={percent} aria-label={label}>
        {percent} %
      </progress>
    </div>
  );
}
