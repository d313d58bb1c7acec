import type {
  Block,
  Branch,
  Category,
  Config,
  ContentNode,
  Division,
  Donatee,
  Menu,
  Product,
  Table,
  Tag,
} from '@shop/contracts';

/** A site entry of the content service (only the fields the storefront reads). */
export interface Site {
  id: number;
  path: string;
  name?: string | null;
  title?: string | null;
  description?: string | null;
  type?: string | null;
  isPublic?: boolean;
  content?: Record<string, unknown> | null;
}

/** The content service's items (§2.9): type home, site, branch or link; target an id or the URL. */
import type { NavigationItem } from '@shop/contracts';
export type { NavigationItem };

export interface Navigation {
  id: number;
  identifier?: string | null;
  name?: string | null;
  items?: NavigationItem[];
}

export interface CurrentUser {
  id: number;
  roles: string[];
  displayName?: string | null;
  username?: string | null;
}

/** GET /api/init (api-contract.md "Start-up batch"), keyed by resource. */
export interface InitData {
  config: Config;
  user: CurrentUser | null;
  divisions: Division[];
  branches: Branch[];
  menus: Menu[];
  categories: Category[];
  products: Product[];
  tags: Tag[];
  tables: Table[];
  sites: Site[];
  navigations: Navigation[];
  donatees: Donatee[];
  /** the content service's public blocks and nodes (content pages' body blocks, the /kontakt form) */
  blocks: Block[];
  nodes: ContentNode[];
  /** loaded with a draft-preview token: a non-public site in `sites` is the previewed draft (issue 18) */
  previewing?: boolean;
  /** when the batch was loaded (epoch ms), for the 4-hour catalogue reload */
  loadedAt: number;
}
