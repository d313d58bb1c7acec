import { Injectable } from '@nestjs/common';
import { QuestionnaireInput, type PublicOrder, type PublicOrderRef } from '@shop/contracts';
import { DomainException, parseOrThrow } from '@shop/server';
import { OrderChanges } from '../shared/order-changes.js';

/** Once, only for a completed order: four ratings 1–5 and an optional comment. */
@Injectable()
export class AnswerQuestionnaire {
  constructor(private readonly changes: OrderChanges) {}

  async execute(ref: PublicOrderRef, body: unknown): Promise<PublicOrder> {
    const answers = parseOrThrow(QuestionnaireInput, body);
    return this.changes.byLinkChange(ref, 'rated', (o) => {
      if (!o.isCompleted) throw DomainException.of('CONFLICT', 'order.questionnaireNotAllowed');
      if (o.questionnaire) throw DomainException.of('CONFLICT', 'order.questionnaireDone');
      o.questionnaire = { ...answers, comment: answers.comment?.trim() || null };
    });
  }
}
