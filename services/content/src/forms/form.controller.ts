import { createRpcController, rpc } from '@shop/server';
import { SubmitForm } from './submit-form.usecase.js';

export class FormController extends createRpcController([
  // anonymous: visitors send forms (the gateway limits how often per client)
  rpc('content.form.submit', SubmitForm, (submit, m) => submit.execute(m.payload.id, m.payload.body)),
]) {}
