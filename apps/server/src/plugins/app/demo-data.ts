import fp from 'fastify-plugin';
import { seedDemoData } from '@server/demo/seed';

/** With DEMO_DATA on, seeds the demo data at start, once per database. */
export default fp(
  async (app) => {
    if (!app.config.demoData) return;
    const seeded = await seedDemoData(app.db, {
      merchants: { secretBox: app.secretBox },
      sandboxMerchants: app.config.sandboxMerchants,
      storage: app.storage,
      secretBox: app.secretBox,
    });
    app.log.info(seeded ? 'demo data seeded' : 'demo data already present');
  },
  { name: 'demo-data', dependencies: ['database', 'secret-box', 'storage'] },
);
