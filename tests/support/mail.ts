/** The tests' mail catcher (a local SMTP server; each mail read by mailparser): `@shop/testing`'s. */
export { rawHeader, startMailCatcher as startSmtp, type ReceivedMail as Received } from '@shop/testing';
