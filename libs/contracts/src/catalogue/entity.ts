/** Columns every stored entity carries. */
export interface EntityMeta {
  id: number;
  createdAt: string;
  updatedAt: string;
}
