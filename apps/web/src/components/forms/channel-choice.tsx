import { MESSAGE_CHANNEL_CHOICE_LABELS, MESSAGE_CHANNEL_CHOICES, MESSAGE_CHANNEL_MESSAGES as M } from '@shared/zod-free/message-channel';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * « Recevoir mes messages par : SMS / WhatsApp » on every public form that sends messages: the value goes as
 * `channel` and is recorded as the WhatsApp consent the member space switches (docs/product/personal-data.md; on the
 * gift forms only for the signed-in person’s own telephone: docs/whatsapp.md).
 */
export function ChannelChoice({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby="channel-choice-hint">
      <legend className="mb-1 font-medium text-slate-800">{M.legend}</legend>
      <div className="flex flex-wrap gap-x-6">
        {MESSAGE_CHANNEL_CHOICES.map((c) => (
          <label key={c} className="flex min-h-11 items-center gap-2">
            <input type="radio" value={c} className="size-5 accent-emerald-800" {...registration} />
            {MESSAGE_CHANNEL_CHOICE_LABELS[c]}
          </label>
        ))}
      </div>
      <p id="channel-choice-hint" className="text-sm text-slate-600">
        {M.hint}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
