import { TextField, type TextFieldProps } from '@web/components/ui/field';
import { forwardRef } from 'react';

/** A telephone number field: the « Téléphone » label unless told otherwise, the phone keypad and autofill. */
export const TelephoneField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'> & { label?: TextFieldProps['label'] }>(
  function TelephoneField({ label = 'Téléphone', ...rest }, ref) {
    return <TextField ref={ref} label={label} type="tel" inputMode="tel" autoComplete="tel" {...rest} />;
  },
);
