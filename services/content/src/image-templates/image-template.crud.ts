import { CRUD_RESOURCES, type FieldError, type ImageTemplate } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { columnsDto, defineCrud, requireAccess } from '@shop/server';
import { In } from 'typeorm';
import { ImageEntity } from '../images/image.entity.js';
import { ImageTemplateEntity } from './image-template.entity.js';

/** Image templates: staff only (they are back-office tools, not shown to visitors). */
export const imageTemplateCrud = defineCrud(CRUD_RESOURCES['image-templates'], ImageTemplateEntity, {
  identifierColumn: 'identifier',
  searchColumns: ['identifier'],
  uniqueColumns: ['identifier'],
  order: { identifier: 'ASC' },
  authorize: (actor) => void requireAccess(actor, 'staff'),
  /** every image layer names an image of the library */
  async checkReferences(manager, input): Promise<FieldError[]> {
    const wanted = input.layers.flatMap((l, i) => (l.type === 'image' ? [{ i, id: l.image }] : []));
    if (!wanted.length) return [];
    const found = new Set(
      (await manager.getRepository(ImageEntity).findBy({ id: In(wanted.map((w) => w.id)) })).map((e) => e.id),
    );
    return wanted
      .filter((w) => !found.has(w.id))
      .map((w) => ({
        field: `layers.${w.i}.image`,
        message: t('content.templateImageMissing', { id: w.id, layer: w.i + 1 }),
      }));
  },
  assign(input, e) {
    Object.assign(e, input);
  },
  toDto: (e): ImageTemplate => columnsDto(e, ['identifier', 'width', 'height', 'background', 'layers']),
});
