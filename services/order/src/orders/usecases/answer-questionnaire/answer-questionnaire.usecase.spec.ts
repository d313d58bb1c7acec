import type { DataSource } from 'typeorm';
import { orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { OrderEntity } from '../../order.entity.js';
import { AnswerQuestionnaire } from './answer-questionnaire.usecase.js';

const answers = { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: '  Sehr gut!  ' };

describe('AnswerQuestionnaire (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: AnswerQuestionnaire;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('answer_questionnaire'));
    kit = orderKit(ds);
    usecase = new AnswerQuestionnaire(kit.changes);
  });
  afterAll(() => close());

  it('once, for a completed order only: the comment trimmed', async () => {
    const order = await kit.place();
    const ref = { uid: order.uid, hash: order.hash };
    await expect(usecase.execute(ref, answers)).rejects.toMatchObject({ code: 'CONFLICT' });
    await ds.getRepository(OrderEntity).update(order.id, { isCompleted: true });
    expect(await usecase.execute(ref, answers)).toMatchObject({ questionnaireRating: 5 });
    expect((await kit.stored(order.id)).questionnaire).toMatchObject({ comment: 'Sehr gut!' });
    await expect(usecase.execute(ref, answers)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
