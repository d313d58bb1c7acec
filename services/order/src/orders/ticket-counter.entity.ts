import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last ticket number handed out per branch (incremented inside the order's transaction). */
@Entity('ticket_counter')
export class TicketCounterEntity {
  @PrimaryColumn('integer') branchId: number;
  @Column('integer') last: number;
}
