/**
 * The XSS corpus every e2e suite pushes through the fields the portal shows back. A payload that runs
 * calls the canary `__xss()` (armed by xss-detect.ts), sets `window.__xss_hit`, or opens a dialog.
 * Each payload is one line of at most 120 characters, so it fits a name field (NAME_MAX_LENGTH).
 * NUL is left out on purpose: the server refuses it with a 422 at the schema layer.
 */
export const XSS_PAYLOADS: readonly string[] = [
  // Script tags
  '<script>__xss()</script>',
  '<script>alert(1)</script>',
  '<ScRiPt>__xss()</sCrIpT>',
  '<script src="data:,__xss()"></script>',
  '<script/x>__xss()</script>',
  '<<script>__xss();//<</script>',
  '<scr<script>ipt>__xss()</scr</script>ipt>',
  '</title><script>__xss()</script>',
  '</textarea><script>__xss()</script>',
  '</style><script>__xss()</script>',
  '"><script>__xss()</script>',
  "'><script>__xss()</script>",
  '--><script>__xss()</script>',
  ']]><script>__xss()</script>',
  '</a></div></p><script>__xss()</script>',
  // Event handlers
  '<img src=x onerror=__xss()>',
  '<img src=x onerror="window.__xss_hit=1">',
  '<img src=x onerror=alert(1)>',
  '<img/src=x/onerror=__xss()>',
  '<img src="x` `<script>__xss()</script>"` `>',
  '<svg onload=__xss()>',
  '<svg/onload=__xss()//',
  '<body onload=__xss()>',
  '<details open ontoggle=__xss()>',
  '<input autofocus onfocus=__xss()>',
  '<select autofocus onfocus=__xss()></select>',
  '<textarea autofocus onfocus=__xss()></textarea>',
  '<a autofocus onfocus=__xss() href=#>focus</a>',
  '<video><source onerror=__xss()></video>',
  '<audio src=x onerror=__xss()>',
  '<video src=x onerror=__xss()></video>',
  '<iframe onload=__xss()></iframe>',
  '<marquee onstart=__xss()>m</marquee>',
  '<style onload=__xss()></style>',
  '<link rel=stylesheet href=x onerror=__xss()>',
  '<image src=x onerror=__xss()>',
  '<div onpointerover=__xss() style="position:fixed;inset:0">cover</div>',
  '" autofocus onfocus="__xss()" x="',
  "' autofocus onfocus='__xss()' x='",
  '<object data=x onerror=__xss()></object>',
  '<body onpageshow=__xss()>',
  '<form><button formaction=javascript:__xss()>go</button></form>',
  // javascript: and data: URLs
  '<a href="javascript:__xss()">html link</a>',
  '<a href="JaVaScRiPt:__xss()">mixed</a>',
  '<a href="  javascript:__xss()">spaces</a>',
  '<a href="java&#x09;script:__xss()">tab entity</a>',
  '<a href="java\tscript:__xss()">tab</a>',
  '<a href="javascript&colon;__xss()">colon entity</a>',
  '<a href="javascript://%0a__xss()">newline</a>',
  '<iframe src="javascript:__xss()"></iframe>',
  '<iframe srcdoc="<script>parent.__xss()</script>"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<object data="javascript:__xss()"></object>',
  '<embed src="javascript:__xss()">',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss()">',
  '<base href="javascript:__xss()//">',
  '<form action="javascript:__xss()"><input type=submit></form>',
  '<math><a xlink:href="javascript:__xss()">math link</a></math>',
  // SVG
  '<svg><script>__xss()</script></svg>',
  '<svg><a xlink:href="javascript:__xss()"><text y=20>svg link</text></a></svg>',
  '<svg><animate onbegin=__xss() attributeName=x dur=1s>',
  '<svg><set attributeName=onload to=__xss()>',
  '<svg><foreignObject><img src=x onerror=__xss()></foreignObject></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x><image href=x onerror=alert(1)/></svg>#x"/></svg>',
  '<svg><style><img src=x onerror=__xss()></style></svg>',
  // Markdown link and image tricks
  '[md link](javascript:__xss())',
  '[md link](JaVaScRiPt:__xss())',
  '[md link](  javascript:__xss())',
  '[md link](<javascript:__xss()>)',
  '[md link](javascript&#58;__xss())',
  '[md link](%6Aavascript:__xss())',
  '[md link](vbscript:__xss())',
  '[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![md img](javascript:__xss())',
  '![md img](data:image/svg+xml,<svg onload=__xss()>)',
  '![md img" onerror="__xss()](x)',
  '[md title](https://example.com "x\\" onmouseover=\\"__xss()")',
  '[![img](x)](javascript:__xss())',
  '<javascript:__xss()>',
  '[ref link][r] [r]: javascript:__xss()',
  '`<script>__xss()</script>` and **<img src=x onerror=__xss()>**',
  '<a href="javascript:__xss()">**bold** in html</a>',
  // HTML entities and encodings
  '&lt;script&gt;__xss()&lt;/script&gt;',
  '&#60;img src=x onerror=__xss()&#62;',
  '<img src=x onerror=&#95;&#95;xss()>',
  '<a href="&#106;avascript:__xss()">entity</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:__xss()">hex</a>',
  '\\x3cscript\\x3e__xss()\\x3c/script\\x3e',
  '%3Cscript%3E__xss()%3C/script%3E',
  '&#x3C;svg onload=__xss()&#x3E;',
  // Template injection
  "{{constructor.constructor('alert(1)')()}}",
  "{{constructor.constructor('__xss()')()}}",
  "{{$on.constructor('__xss()')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-literal injection, on purpose
  '${__xss()}',
  '#{__xss()}',
  '<%= __xss() %>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Thymeleaf-style injection, on purpose
  '[[${__xss()}]]',
  '{{7*7}}{{__xss()}}',
  // CSS
  '<div style="background:url(javascript:__xss())">css url</div>',
  '<div style="width:expression(__xss())">css expression</div>',
  '<style>@import "javascript:__xss()";</style>',
  '<style>*{background:url("javascript:__xss()")}</style>',
  '<div style="behavior:url(#default#x);-moz-binding:url(x)">binding</div>',
  '<style>@keyframes x{}</style><b style="animation-name:x" onanimationstart=__xss()>',
  // Mixed case
  '<ImG sRc=x OnErRoR=__xss()>',
  '<SvG OnLoAd=__xss()>',
  '<iFrAmE sRc=JaVaScRiPt:__xss()></IfRaMe>',
  '<DeTaIlS OpEn OnToGgLe=__xss()>',
  // Split by control characters and encoded NUL (the NUL character itself is refused)
  '<scr%00ipt>__xss()</scr%00ipt>',
  '<img src=x o%00nerror=__xss()>',
  '<img src=x onerror\u000b=__xss()>',
  '<img\u000csrc=x\u000conerror=__xss()>',
  '<img\rsrc=x\ronerror=__xss()>',
  '<a href="java\u0001script:__xss()">ctrl</a>',
  '<img src=x onerror=__xss()\u0008>',
  // Unicode tricks
  '\uff1cscript\uff1e__xss()\uff1c/script\uff1e',
  '\\u003cscript\\u003e__xss()\\u003c/script\\u003e',
  '<img src=x onerror=\\u005f_xss()>',
  '<scr\u200bipt>__xss()</scr\u200bipt>',
  '\ufeff<script>__xss()</script>',
  '\u202e>tpircs/<)(ssx__>tpircs<',
  '<a href="java\u2028script:__xss()">line separator</a>',
  '<ſcript>__xss()</ſcript>',
  '<img src=x onerror=__xss()>\u{1F600}\u0301',
  // Mutation XSS
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss()>',
  '<noscript><p title="</noscript><img src=x onerror=__xss()>">',
  '<!--<img src="--><img src=x onerror=__xss()//">',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss()>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss()>',
];

/** Payloads packed greedily into strings of at most `max` characters, so short fields carry several. */
export function packPayloads(max: number, separator = ' '): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const payload of XSS_PAYLOADS) {
    const next = current ? `${current}${separator}${payload}` : payload;
    if (next.length <= max) current = next;
    else {
      chunks.push(current);
      current = payload;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
