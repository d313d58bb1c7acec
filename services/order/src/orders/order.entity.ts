import type { CounterAnswer, OrderForm, QuestionnaireInput } from '@shop/contracts';
import { BaseEntity, numericTransformer } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

export type Customer = Omit<OrderForm, 'items' | 'branch' | 'isDelivery' | 'isDineIn' | 'paymentMethod' | 'table'>;

@Entity('order')
@Index('uq_order_branch_ticket', ['branchId', 'ticketNumber'], { unique: true })
@Index('order_branch_created_idx', ['branchId', 'createdAt'])
export class OrderEntity extends BaseEntity {
  /** public reference (128 random bits, base64url); with `hash` it opens the public view */
  @Index('uq_order_uid', { unique: true }) @Column('text') uid: string;
  /** the second secret of the public link (128 random bits); compared in constant time */
  @Column('text') hash: string;
  @Column('integer') branchId: number;
  /** per-branch ticket number, from ticket_counter in the statement that writes the order */
  @Column('integer') ticketNumber: number;
  @Column('boolean', { default: false }) isDelivery: boolean;
  @Column('boolean', { default: false }) isDineIn: boolean;
  @Column('text', { nullable: true }) tableIdentifier: string | null;
  @Column('text') paymentMethod: string;
  @Column('boolean', { default: false }) isPaid: boolean;
  @Column('boolean', { default: false }) isRefunded: boolean;
  @Column('boolean', { default: false }) isConfirmed: boolean;
  @Column('boolean', { default: false }) isRejected: boolean;
  @Column('text', { nullable: true }) rejectionMessage: string | null;
  @Column('boolean', { default: false }) isCanceled: boolean;
  @Column('boolean', { default: false }) isInDelivery: boolean;
  @Column('boolean', { default: false }) isDelivered: boolean;
  @Column('boolean', { default: false }) isCompleted: boolean;
  @Column('boolean', { default: false }) isFailed: boolean;
  /** takeaway and dine-in: staff marked it 'Abholbereit' */
  @Column('boolean', { default: false }) isReadyForPickup: boolean;
  /** what the customer asked for */
  @Column('timestamptz', { nullable: true }) appointmentDate: Date | null;
  /** the agreed time: the requested one, or the accepted counter-proposal */
  @Column('timestamptz', { nullable: true }) appointment: Date | null;
  /** staff's open counter-proposal */
  @Column('timestamptz', { nullable: true }) counterAppointment: Date | null;
  /** the customer's answer to the last proposal (null while none was answered or a new one is open) */
  @Column('text', { nullable: true }) counterAnswer: CounterAnswer | null;
  /** the proposal the customer answered: the agreed time, or the declined one */
  @Column('timestamptz', { nullable: true }) answeredCounterAppointment: Date | null;
  @Column('jsonb') customer: Customer;
  @Column('integer', { nullable: true }) donateeId: number | null;
  @Column('text', { nullable: true }) deliveryArea: string | null;
  /** the pricing result of @shop/domain at order time (and after item edits) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored JSON as written; callers read it with the contract's types
  @Column('jsonb') pricing: Record<string, any>;
  @Column('numeric', { precision: 12, scale: 2, transformer: numericTransformer }) totalGross: number;
  @Column('jsonb', { nullable: true }) questionnaire:
    (Required<QuestionnaireInput> & { comment: string | null }) | null;
  @Column('text', { nullable: true }) paymentRedirectUrl: string | null;
  /** counters that make job ids deterministic per request (print #3 of order 17 → print:17:3) */
  @Column('integer', { default: 0 }) printCount: number;
  @Column('integer', { default: 0 }) emailCount: number;
  @Column('integer', { default: 0 }) smsCount: number;
}
