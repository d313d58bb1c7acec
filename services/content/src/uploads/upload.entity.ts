import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A file a visitor uploaded (a product's image or file step): /upload/{publicHash}/{id}-{version}.{extension} */
@Entity('upload')
export class UploadEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column('integer', { default: 1 }) version: number;
  @Column('text') extension: string;
  @Column('text') mimeType: string;
  /** 128 random bits: the file's address is unguessable */
  @Column('text') publicHash: string;
  @Column('integer') size: number;
  @Column('text', { nullable: true }) originalName: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
