import type { Config } from '@shop/contracts';
import { legalLink } from '@shop/domain';
import { useFormContext } from 'react-hook-form';
import { s } from './texts';
import { Dialog } from '../../ui/Dialog';
import { FieldMessages } from '../../ui/FieldMessages';
import { Markdown } from '../../ui/Markdown';
import { checkoutId, Section, type FieldErrorsOf } from './fields';
import type { CheckoutValues } from './checkout-values';

export type LegalText = null | 'terms' | 'privacy';

/** §2.7 "Two checkboxes, terms and privacy, with overlays rendering markdown text" (an external link when only a URL is configured). */
export function LegalSection({
  config,
  fieldErrors,
  onOpen,
}: {
  config: Config;
  fieldErrors: FieldErrorsOf;
  onOpen: (text: LegalText) => void;
}) {
  return (
    <Section title={s('termsTitle')} hiddenTitle>
      <LegalCheckbox
        name="legalInstructions"
        errors={fieldErrors('legalInstructions')}
        before={s('acceptTermsBefore')}
        link={s('acceptTermsLink')}
        after="."
        config={config}
        kind="terms"
        onOpen={() => onOpen('terms')}
      />
      <LegalCheckbox
        name="privacyPolicy"
        errors={fieldErrors('privacyPolicy')}
        before={s('acceptPrivacyBefore')}
        link={s('acceptPrivacyLink')}
        after={s('acceptPrivacyAfter')}
        config={config}
        kind="privacy"
        onOpen={() => onOpen('privacy')}
      />
    </Section>
  );
}

/** The terms or the privacy text as markdown in an overlay. */
export function LegalDialog({ config, text, onClose }: { config: Config; text: LegalText; onClose: () => void }) {
  if (!text) return null;
  return (
    <Dialog title={text === 'terms' ? s('termsTitle') : s('privacyTitle')} onClose={onClose} className="legal">
      <Markdown source={(text === 'terms' ? config.termsAndConditionsText : config.privacyPolicyText) ?? ''} />
    </Dialog>
  );
}

function LegalCheckbox(props: {
  name: 'legalInstructions' | 'privacyPolicy';
  errors: string[];
  before: string;
  link: string;
  after: string;
  config: Config;
  kind: 'terms' | 'privacy';
  onOpen: () => void;
}) {
  const { register } = useFormContext<CheckoutValues>();
  const { config, kind } = props;
  const legal = legalLink(config, kind === 'terms' ? 'termsAndConditions' : 'privacyPolicy');
  const id = checkoutId(props.name);
  return (
    <div className={`checkbox${props.errors.length ? ' field--error' : ''}`}>
      <input
        id={id}
        type="checkbox"
        aria-required="true"
        aria-invalid={props.errors.length > 0 || undefined}
        aria-describedby={props.errors.length ? `${id}-error` : undefined}
        {...register(props.name)}
      />
      <label htmlFor={id}>
        {props.before}
        {legal && 'external' in legal ? (
          <a href={legal.external} target="_blank" rel="noopener noreferrer">
            {props.link}
          </a>
        ) : (
          props.link
        )}
        {props.after} <span aria-hidden="true">*</span>
      </label>
      {legal && 'internal' in legal && (
        <button type="button" className="link-button checkbox__more" onClick={props.onOpen}>
          {props.link}
        </button>
      )}
      <FieldMessages id={`${id}-error`} messages={props.errors} />
    </div>
  );
}
