import { zodResolver } from '@hookform/resolvers/zod';
import {
  canSendQuestionnaire,
  questionnairePayload,
  RATING_FIELDS,
  RATING_MAX,
  RATING_MIN,
  showQuestionnaireComment,
  showRatingPrompt,
  TEXTAREA_ROWS,
  type Questionnaire,
  type RatingField,
} from '@shop/domain';
import { QuestionnaireInput, type PublicOrder } from '@shop/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { s } from '../checkout/texts';
import { FieldMessages } from '../../ui/FieldMessages';

type QuestionnaireField = RatingField | 'comment';

/** The questionnaire as its inputs hold it: 0 for a rating not given yet, '' for no comment. */
const EMPTY: QuestionnaireInput = { rating: 0, foodRating: 0, serviceRating: 0, processRating: 0, comment: '' };
const FIELDS: readonly string[] = [...RATING_FIELDS, 'comment'];
// the contract's schema, the one the gateway checks the answers with
const resolver = zodResolver(QuestionnaireInput);

const dismissKey = (uid: string) => `rating-dismissed:${uid}`;

/**
 * The server's German messages of a field. The schema's own findings (zod's English) are not shown: the send
 * button waits for the four ratings, and what else the contract refuses the server words in German.
 */
function serverMessages(errors: FieldErrors<QuestionnaireInput>, field: QuestionnaireField): string[] {
  const error = errors[field];
  return error?.type === 'server' && error.message ? [error.message] : [];
}

/**
 * The questionnaire on react-hook-form with zodResolver(QuestionnaireInput): sent once the four ratings are set,
 * also when the schema objects to something else (the comment's length), so that the server's German field errors
 * land on their fields; the catalogue's failure text, with the server's reason, above the buttons.
 */
function useRatingForm(rate: (answers: QuestionnaireInput) => Promise<void>) {
  const form = useForm({ defaultValues: EMPTY, resolver });
  const values = useWatch({ control: form.control }) as Questionnaire;
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (answers: Questionnaire) => {
    if (!canSendQuestionnaire(answers)) return;
    try {
      await rate(questionnairePayload(answers));
      setSent(true);
    } catch (err) {
      // the catalogue's text, then the server's reason when it gave one ('… erst nach Abschluss …')
      const reason = err instanceof ApiError && err.status < 500 ? err.message : '';
      setError(reason ? `${s('ratingFailed')} ${reason}` : s('ratingFailed'));
      const answer = err instanceof ApiError ? err.errors : [];
      for (const e of answer) {
        if (e.field && FIELDS.includes(e.field))
          form.setError(e.field as QuestionnaireField, { type: 'server', message: e.message });
      }
    }
  };
  const submit = form.handleSubmit(send, () => send(form.getValues()));
  return { form, values, sent, error, submit };
}

/** §4 "Rating prompt shows only when the reviews plugin is on, the order is completed, no rating exists, and the user has not dismissed the prompt." §5 questionnaire. */
export function RatingPrompt({
  order,
  enabled,
  rate,
}: {
  order: PublicOrder;
  enabled: boolean;
  rate: (answers: QuestionnaireInput) => Promise<void>;
}) {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(dismissKey(order.uid)) === 'true';
    } catch {
      return false;
    }
  });
  const { form, values, sent, error, submit } = useRatingForm(rate);
  const { errors } = form.formState;
  if (sent)
    return (
      <p className="hint" role="status">
        {s('ratingThanks')}
      </p>
    );
  if (!showRatingPrompt({ reviewsPluginEnabled: enabled, order, dismissed })) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissKey(order.uid), 'true');
    } catch {
      /* private mode */
    }
    setDismissed(true);
  };
  return (
    <section className="rating" aria-labelledby="rating-title">
      <h2 id="rating-title">{s('ratingHeading')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)}>
        {RATING_FIELDS.map((field) => (
          <Controller
            key={field}
            control={form.control}
            name={field}
            render={({ field: input }) => (
              <Stars
                field={field}
                value={input.value}
                onChange={input.onChange}
                messages={serverMessages(errors, field)}
              />
            )}
          />
        ))}
        {showQuestionnaireComment(values) && <CommentField form={form} messages={serverMessages(errors, 'comment')} />}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={!canSendQuestionnaire(values)}>
            {s('ratingSend')}
          </button>
          <button type="button" className="button button--secondary" onClick={dismiss}>
            {s('ratingDismiss')}
          </button>
        </div>
      </form>
    </section>
  );
}

function CommentField({ form, messages }: { form: ReturnType<typeof useRatingForm>['form']; messages: string[] }) {
  return (
    <div className={`field${messages.length ? ' field--error' : ''}`}>
      <label htmlFor="rating-comment">{s('ratingComment')}</label>
      <textarea
        id="rating-comment"
        rows={TEXTAREA_ROWS}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? 'rating-comment-error' : undefined}
        {...form.register('comment')}
      />
      <FieldMessages id="rating-comment-error" messages={messages} />
    </div>
  );
}

function Stars({
  field,
  value,
  onChange,
  messages,
}: {
  field: RatingField;
  value: number;
  onChange: (v: number) => void;
  messages: string[];
}) {
  const values = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
  const errorId = `rating-${field}-error`;
  return (
    <fieldset className="stars" aria-describedby={messages.length ? errorId : undefined}>
      <legend>{s(field)}</legend>
      {values.map((n) => (
        <label key={n} className={`star${n <= value ? ' star--on' : ''}`}>
          <input
            type="radio"
            name={field}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="visually-hidden-input"
          />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">{s('stars', { n })}</span>
        </label>
      ))}
      <FieldMessages id={errorId} messages={messages} />
    </fieldset>
  );
}
