import { T } from '../texts';

/** The server's field errors above a form, each named by its field ('Nachname: Dieser Wert sollte nicht leer sein.'). */
export function ErrorSummary({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      <h2>{T.app.errorsTitle}</h2>
      <ul>
        {lines.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
    </div>
  );
}
