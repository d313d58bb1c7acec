import { BranchEntity } from './branches/branch.entity.js';
import { CategoryEntity } from './categories/category.entity.js';
import { DivisionEntity } from './divisions/division.entity.js';
import { DonateeEntity } from './donatees/donatee.entity.js';
import { MenuEntity } from './menus/menu.entity.js';
import { ProductEntity } from './products/product.entity.js';
import { ShopConfigEntity } from './shop-config/shop-config.entity.js';
import { TableEntity } from './tables/table.entity.js';
import { TagEntity } from './tags/tag.entity.js';

export const CATALOGUE_SCHEMA = 'catalogue';
export const CATALOGUE_ENTITIES = [
  ShopConfigEntity,
  DivisionEntity,
  BranchEntity,
  MenuEntity,
  CategoryEntity,
  TagEntity,
  ProductEntity,
  TableEntity,
  DonateeEntity,
];
