import Fastify from 'fastify';
const app = Fastify();
app.get('/admin/credit-notes/:id', async (r) => ({ json: r.params }));
app.get('/admin/credit-notes/:id.pdf', async (r) => ({ pdf: r.params }));
for (const u of ['/admin/credit-notes/5', '/admin/credit-notes/5.pdf', '/admin/credit-notes/abc.pdf', '/admin/credit-notes/5.pdfx']) console.log(u, (await app.inject(u)).body);
