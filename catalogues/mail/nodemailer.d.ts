// The part of nodemailer's API used here (the package ships no types; @types/nodemailer is not installed).
declare module 'nodemailer' {
  interface MailMessage {
    from?: string;
    to: string;
    subject: string;
    text: string;
  }
  interface SentInfo {
    messageId: string;
    /** The message itself with `jsonTransport` (a JSON string). */
    message?: string | Buffer;
  }
  interface Transporter {
    sendMail(message: MailMessage): Promise<SentInfo>;
  }
  function createTransport(options: string | { jsonTransport: true } | Record<string, unknown>): Transporter;
  const nodemailer: { createTransport: typeof createTransport };
  export default nodemailer;
}
