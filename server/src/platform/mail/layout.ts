const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

type LayoutInput = {
  platformName: string;
  heading: string;
  /** Already-safe HTML paragraphs. */
  bodyHtml: string;
  action?: { label: string; url: string };
  footerHtml?: string;
};

/** The shared e-mail frame: a heading, the body, an optional button, a footer. */
export function renderLayout({ platformName, heading, bodyHtml, action, footerHtml }: LayoutInput): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#f47e42;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#666">Or open this link: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:24px">
<p style="font-size:12px;color:#666">${escapeHtml(platformName)} Developer Portal</p>
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${bodyHtml}
${button}
${footerHtml ? `<hr style="border:none;border-top:1px solid #ddd;margin-top:32px"><div style="font-size:12px;color:#666">${footerHtml}</div>` : ''}
</body></html>`;
}
