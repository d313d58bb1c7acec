import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { createRpcController, parseOrThrow, rpc } from '@shop/server';
import { DataSource } from 'typeorm';

const Ids = z.object({ ids: z.array(z.number().int().positive()).max(1000) });

/**
 * Which uploads the order lines refer to (a file or image step's value is a list of `{ id, publicHash, … }`). The
 * content service asks before it purges uploads nobody refers to (issue 15 item 9): the order lines are this
 * service's, so it answers instead of the content service reading them.
 */
@Injectable()
export class UploadReferences {
  constructor(private readonly ds: DataSource) {}

  async referenced(ids: number[]): Promise<{ referenced: number[] }> {
    if (!ids.length) return { referenced: [] };
    const rows: Array<{ id: number }> = await this.ds.query(
      `SELECT DISTINCT (u->>'id')::int AS id
         FROM "order"."order_item" i
         CROSS JOIN LATERAL json_each(i.parts) p
         CROSS JOIN LATERAL json_array_elements(CASE WHEN json_typeof(p.value) = 'array' THEN p.value ELSE '[]'::json END) u
        WHERE json_typeof(u) = 'object' AND (u->>'id') ~ '^[0-9]{1,9}$' AND (u->>'id')::int = ANY($1)`,
      [ids],
    );
    return { referenced: rows.map((r) => Number(r.id)) };
  }
}

/** The content service's question, signed with the services' identity. */
export class UploadReferencesController extends createRpcController([
  rpc('order.upload.referenced', UploadReferences, (refs, m) => refs.referenced(parseOrThrow(Ids, m.payload).ids), {
    requireService: ['content'],
  }),
]) {}
