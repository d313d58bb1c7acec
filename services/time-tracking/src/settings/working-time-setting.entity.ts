import type { LawRuleSet } from '@shop/contracts';
import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A division's working-time law rule set; divisions themselves are the catalogue's (by id, no foreign key); the
 * column is named like the API's field, so a second row for a division is answered on 'division'. */
@Entity('working_time_setting')
export class WorkingTimeSettingEntity extends BaseEntity {
  @Index('working_time_setting_division', { unique: true })
  @Column('integer')
  division: number;
  @Column('text', { default: 'AT' }) ruleSet: LawRuleSet;
}
