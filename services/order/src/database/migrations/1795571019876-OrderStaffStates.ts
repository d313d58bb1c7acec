import { MigrationInterface, QueryRunner } from "typeorm";

export class OrderStaffStates1795571019876 implements MigrationInterface {
    name = 'OrderStaffStates1795571019876'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "order"."order" ADD "isReadyForPickup" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`ALTER TABLE "order"."order" ADD "counterAnswer" text`);
        await queryRunner.query(`ALTER TABLE "order"."order" ADD "answeredCounterAppointment" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "order"."order" DROP COLUMN "answeredCounterAppointment"`);
        await queryRunner.query(`ALTER TABLE "order"."order" DROP COLUMN "counterAnswer"`);
        await queryRunner.query(`ALTER TABLE "order"."order" DROP COLUMN "isReadyForPickup"`);
    }

}
