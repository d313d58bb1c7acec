import fc from 'fast-check';
import {
  canSendQuestionnaire,
  invalidRatings,
  isValidRating,
  questionnairePayload,
  showQuestionnaireComment,
  type Questionnaire,
} from './questionnaire.js';

const full: Questionnaire = { rating: 5, foodRating: 4, serviceRating: 3, processRating: 1, comment: '' };

describe('§5 Questionnaire: "Sending requires all four star ratings (rating, foodRating, serviceRating, processRating) non-zero, each 1 to 5. The comment is optional and appears once all four are set."', () => {
  it('all four set: can send, comment optional', () => {
    expect(canSendQuestionnaire(full)).toBe(true);
    expect(questionnairePayload(full)).toEqual({
      rating: 5,
      foodRating: 4,
      serviceRating: 3,
      processRating: 1,
      comment: null,
    });
    expect(questionnairePayload({ ...full, comment: '  Sehr gut!  ' }).comment).toBe('Sehr gut!');
  });

  it('a zero, missing or out-of-range rating blocks sending', () => {
    expect(invalidRatings({ ...full, foodRating: 0 })).toEqual(['foodRating']);
    expect(invalidRatings({ ...full, rating: null, processRating: 6 })).toEqual(['rating', 'processRating']);
    expect(canSendQuestionnaire({ ...full, serviceRating: 2.5 })).toBe(false);
    expect(() => questionnairePayload({ ...full, serviceRating: undefined })).toThrow(RangeError);
  });

  it('the comment appears once all four are set', () => {
    expect(showQuestionnaireComment(full)).toBe(true);
    expect(showQuestionnaireComment({ ...full, processRating: 0 })).toBe(false);
  });

  it('property: exactly the integers 1–5 are valid ratings', () => {
    fc.assert(fc.property(fc.integer({ min: -10, max: 20 }), (n) => expect(isValidRating(n)).toBe(n >= 1 && n <= 5)));
  });
});
