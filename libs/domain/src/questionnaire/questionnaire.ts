/**
 * §5 "Questionnaire. Sending requires all four star ratings (rating, foodRating, serviceRating,
 * processRating) non-zero, each 1 to 5. The comment is optional and appears once all four are set."
 */
import { RATING_MAX, RATING_MIN } from '../constants.js';

export const RATING_FIELDS = ['rating', 'foodRating', 'serviceRating', 'processRating'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];

export type Questionnaire = Record<RatingField, number | null | undefined> & { comment?: string | null };

export function isValidRating(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;
}

/** The rating fields that are missing or outside 1–5. */
export function invalidRatings(q: Questionnaire): RatingField[] {
  return RATING_FIELDS.filter((f) => !isValidRating(q[f]));
}

/** All four ratings set (1–5); the comment is optional. */
export function canSendQuestionnaire(q: Questionnaire): boolean {
  return invalidRatings(q).length === 0;
}

/** "The comment … appears once all four are set." */
export function showQuestionnaireComment(q: Questionnaire): boolean {
  return RATING_FIELDS.every((f) => Boolean(q[f]));
}

/** The payload of §7 "Send questionnaire": the ratings and the comment (null when blank). */
export function questionnairePayload(q: Questionnaire): Record<RatingField, number> & { comment: string | null } {
  if (!canSendQuestionnaire(q)) throw new RangeError(`invalid ratings: ${invalidRatings(q).join(', ')}`);
  const comment = q.comment?.trim() ? q.comment.trim() : null;
  /* eslint-disable @typescript-eslint/no-non-null-assertion -- canSendQuestionnaire (above) checked all four ratings */
  return {
    rating: q.rating!,
    foodRating: q.foodRating!,
    serviceRating: q.serviceRating!,
    processRating: q.processRating!,
    comment,
  };
  /* eslint-enable @typescript-eslint/no-non-null-assertion */
}
