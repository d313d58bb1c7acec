import type { ComponentProps } from 'react';

/** A label above its input (the login and two-factor forms), the input's attributes as given or registered. */
export function LabelledInput({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </>
  );
}

/** The staff member's current password, required: the browser's password manager offers the one it keeps. */
export function PasswordInput(props: { id: string; label: string } & ComponentProps<'input'>) {
  return <LabelledInput type="password" autoComplete="current-password" required {...props} />;
}
