import { type ReactNode, useEffect, useId, useRef } from 'react';
import { X } from 'lucide-react';

// A native <dialog> opened with showModal(): the browser traps focus, Escape closes, the page behind is inert.
export interface ModalProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

export function Modal({ isOpen, title, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[min(100%-2rem,36rem)] rounded-lg p-0 shadow-xl backdrop:bg-black/50 ${className ?? ''}`}
    >
      {isOpen ? (
        <div className="p-5">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold text-slate-900">
              {title}
            </h2>
            <button type="button" onClick={onClose} aria-label="Fermer" className="rounded p-1 text-slate-700 hover:bg-slate-100">
              <X aria-hidden="true" size={20} />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
