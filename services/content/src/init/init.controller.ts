import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Block, ContentNode, ContentSnapshot, Navigation, Site } from '@shop/contracts';
import { Rpc, type AnyCrudService, type RpcMessage } from '@shop/server';
import { contentCrudToken } from '../crud.providers.js';

/** The content part of GET /api/init: one website's sites and navigations, the shared blocks and nodes. */
@Controller()
export class ContentInitController {
  constructor(
    @Inject(contentCrudToken('sites')) private readonly sites: AnyCrudService,
    @Inject(contentCrudToken('navigations')) private readonly navigations: AnyCrudService,
    @Inject(contentCrudToken('blocks')) private readonly blocks: AnyCrudService,
    @Inject(contentCrudToken('nodes')) private readonly nodes: AnyCrudService,
  ) {}

  @Rpc('content.init.snapshot')
  async snapshot(@Payload() m: RpcMessage<'content.init.snapshot'>): Promise<ContentSnapshot> {
    const { website } = m.payload;
    const [sites, navigations, blocks, nodes] = await Promise.all([
      this.sites.list(m.actor, { query: { website } }),
      this.navigations.list(m.actor, { query: { website } }),
      this.blocks.list(m.actor, { query: {} }),
      this.nodes.list(m.actor, { query: {} }),
    ]);
    // the CRUD services are type-erased (one provider type for every resource); each list is its resource's DTOs
    return {
      sites: sites.items as Site[],
      navigations: navigations.items as Navigation[],
      blocks: blocks.items as Block[],
      nodes: nodes.items as ContentNode[],
    };
  }
}
