import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * product.config becomes json: jsonb stores object keys sorted, which reordered the configuration steps
 * (shown and priced in their order). Existing rows keep their data; their step order is the sorted one
 * until the product is saved again (the demo seed saves every product on each run).
 */
export class ProductStepOrder1795314380490 implements MigrationInterface {
  name = 'ProductStepOrder1795314380490';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."product" ALTER COLUMN "config" TYPE json USING "config"::json`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."product" ALTER COLUMN "config" TYPE jsonb USING "config"::jsonb`);
  }
}
