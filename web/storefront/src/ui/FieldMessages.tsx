/** A field's messages under it (`{id}` is what the control's aria-describedby names); nothing when there are none. */
export function FieldMessages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="field__error">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
