import { CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** id, createdAt and updatedAt of every stored entity. */
export abstract class BaseEntity {
  @PrimaryGeneratedColumn() id: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** The three as the API shows them. */
export const meta = (e: BaseEntity) => ({
  id: e.id,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/** numeric columns come back from pg as strings; the API speaks numbers */
export const numericTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};
