import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '@server/lib/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the portal's mail: SMTP_URL, or .eml files under DATA_DIR/mail (lib/mail/mailer.ts). */
    mailer: Mailer;
  }
}

export default fp<{ mailer?: Mailer }>(
  async (app, options) => {
    const mailer =
      options.mailer ??
      createMailer({
        smtpUrl: app.config.smtpUrl,
        from: app.config.mailFrom,
        mailDir: app.config.mailDir,
        log: app.log,
      });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
