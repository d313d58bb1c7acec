import type { RefObject } from 'react';
import { t } from '../texts';
import { Html } from '../ui/Html';
import type { FormState } from './ContactForm';

/** The overlay's accessible name: what its title says in each state. */
function overlayLabel(state: FormState): string {
  if (state.kind === 'submitting') return t('pleaseWait');
  if (state.kind === 'success') return t('thankYou');
  return state.kind === 'error' && state.errors ? t('formErrorsHeading') : t('unknownError');
}

/** The overlay over the form while it is sent, and its answer: thanks, the errors, or that it failed (with a retry). */
export function FormOverlay({
  ref,
  state,
  thankYou,
  onClose,
  onRetry,
}: {
  ref: RefObject<HTMLDivElement | null>;
  state: FormState;
  thankYou: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  return (
    <div
      className="form-overlay"
      role="dialog"
      aria-modal="true"
      aria-live="polite"
      aria-label={overlayLabel(state)}
      tabIndex={-1}
      ref={ref}
    >
      {state.kind === 'submitting' && (
        <>
          <p className="form-overlay__title">{t('pleaseWait')}</p>
          <p>{t('processingInquiry')}</p>
        </>
      )}
      {state.kind === 'error' && (
        <>
          {state.errors ? (
            <>
              <p className="form-overlay__title">{t('formErrorsHeading')}</p>
              <ul>
                {state.errors.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="form-overlay__title">{t('unknownError')}</p>
          )}
          <button type="button" className="button" onClick={onClose}>
            {t('changeData')}
          </button>
          <button type="button" className="button" onClick={onRetry}>
            {t('retry')}
          </button>
        </>
      )}
      {state.kind === 'success' && (
        <>
          {thankYou ? <Html html={thankYou} /> : <p className="form-overlay__title">{t('thankYou')}</p>}
          <button type="button" className="button" onClick={onClose}>
            {t('closeForm')}
          </button>
        </>
      )}
    </div>
  );
}
