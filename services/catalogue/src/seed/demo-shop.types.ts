import type {
  BranchInput,
  CategoryInput,
  OpeningHoursRule,
  ConfigInput,
  DivisionInput,
  DonateeInput,
  MenuInput,
  ProductInput,
  Role,
  TableInput,
  TagInput,
} from '@shop/contracts';

/**
 * The demo shop as data. Entities reference each other by stable keys (identifier or `key`), never by id:
 * the seeder resolves keys to ids and upserts by key, so seeding twice changes nothing.
 * Image references name an SVG file in ./images (stored as an image of the content service when seeding, as a
 * shop's raster image: a JPEG photo, a logo as PNG).
 */
export interface DemoImage {
  /** file name in ./images, e.g. 'tag-pizza.svg' */
  file: string;
  alt?: string;
}

export interface DemoShop {
  config: ConfigInput;
  divisions: DivisionInput[];
  tags: Array<Omit<TagInput, 'image'> & { key: string; image: DemoImage }>;
  branches: Array<
    Omit<BranchInput, 'division' | 'tags' | 'images' | 'logo' | 'apiKey'> & {
      divisionIdentifier: string;
      tagKeys: string[];
      images: DemoImage[];
      logo: DemoImage | null;
    }
  >;
  categories: Array<Omit<CategoryInput, 'image'> & { key: string; image: DemoImage | null }>;
  products: Array<Omit<ProductInput, 'images'> & { key: string; images: DemoImage[] }>;
  menus: Array<
    Omit<MenuInput, 'branches' | 'catalog'> & {
      key: string;
      branchIdentifiers: string[];
      /** category key → product keys, in display order */
      catalog: Array<{
        category: string;
        products: Array<string | { key: string; isEnabled?: boolean; schedule?: OpeningHoursRule[] | null }>;
      }>;
    }
  >;
  tables: Array<Omit<TableInput, 'branch'> & { branchIdentifier: string }>;
  donatees: Array<Omit<DonateeInput, 'image'> & { image: DemoImage | null }>;
  users: Array<{
    username: string;
    password: string;
    firstName: string;
    lastName: string;
    email: string;
    roles: Role[];
    branchIdentifiers: string[];
  }>;
}
