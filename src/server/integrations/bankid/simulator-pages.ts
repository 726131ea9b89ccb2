/** The pages of the simulated BankID app: no script, inline style only (they pass the portal's CSP). */

export const html = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#e8eef0;color:#15262d}
  main{width:min(420px,100% - 32px);background:#fff;border-radius:16px;box-shadow:0 4px 24px #0002;overflow:hidden}
  header{background:#193e4f;color:#fff;padding:16px 20px}
  header h1{margin:0;font-size:20px}
  header p{margin:2px 0 0;font-size:13px;opacity:.8}
  section{padding:20px}
  h2{margin:0 0 12px;font-size:18px}
  .text{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f6f7;border-radius:8px;padding:12px;
    margin:0 0 16px;max-height:40vh;overflow:auto}
  .muted{color:#4a5d65;font-size:14px}
  .error{background:#fdecec;color:#8a1c1c;border-radius:8px;padding:10px 12px;margin:0 0 16px}
  .ok{background:#e7f5ec;color:#175c32;border-radius:8px;padding:10px 12px;margin:0 0 16px}
  label{display:block;font-weight:600;margin:0 0 4px}
  input[type=text]{width:100%;font:inherit;padding:10px 12px;border:1px solid #8aa0a8;border-radius:8px;margin:0 0 16px}
  input[type=text]:focus{outline:3px solid #3b8cb0;outline-offset:1px}
  .actions{display:flex;gap:12px}
  button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:24px;border:2px solid #193e4f;cursor:pointer}
  button.primary{background:#193e4f;color:#fff}
  button.secondary{background:#fff;color:#193e4f}
  button:focus-visible{outline:3px solid #3b8cb0;outline-offset:2px}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(title)} – BankID (simulated)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>BankID</h1><p>Simulated for tests and demos – not the BankID app</p></header>
<section>
${body}
</section>
</main>
</body>
</html>
`;
}
