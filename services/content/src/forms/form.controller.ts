import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { SubmitForm } from './submit-form.usecase.js';

@Controller()
export class FormController {
  constructor(private readonly submitForm: SubmitForm) {}

  /** anonymous: visitors send forms (the gateway limits how often per client) */
  @Rpc('content.form.submit')
  submit(@Payload() m: RpcMessage<'content.form.submit'>) {
    return this.submitForm.execute(m.payload.id, m.payload.body);
  }
}
