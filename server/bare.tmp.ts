import http from 'node:http';
const body = JSON.stringify({ id: 'x'.repeat(36), name: 'Dana Developer', email: 'developer@example.com', role: 'developer', employee: false, procore_id: 1234, company_name: 'Acme', critical_emails: true, developer_apps_beta: false, padding: 'y'.repeat(40) });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); }).listen(4199);
