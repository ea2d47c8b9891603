"""About a hundred hostile strings, by the classes of the usual cheat sheets: each tries to make a
browser run something (`alert`, `window.pwned`), load something, or pass for something it is not.
Lobby must show each as the text it is. Written for Lobby's views: short enough for a message,
a name or a reason; none needs a network beyond loopback.
"""

TAGS = [
    "<script>alert(1)</script>",
    "<SCRIPT>alert(2)</SCRIPT>",
    "<script src=//127.0.0.1:1/x.js></script>",
    "<scr<script>ipt>alert(3)</scr</script>ipt>",
    "<img src=x onerror=alert(4)>",
    "<IMG SRC=x ONERROR=alert(5)>",
    "<img src=x onerror='window.pwned=1'>",
    "<body onload=alert(6)>",
    "<iframe src=javascript:alert(7)></iframe>",
    "<iframe srcdoc='<script>alert(8)</script>'></iframe>",
    "<object data=javascript:alert(9)></object>",
    "<embed src=javascript:alert(10)>",
    "<video><source onerror=alert(11)></video>",
    "<audio src=x onerror=alert(12)>",
    "<details open ontoggle=alert(13)>",
    "<marquee onstart=alert(14)>бегущая</marquee>",
    "<input autofocus onfocus=alert(15)>",
    "<select autofocus onfocus=alert(16)>",
    "<textarea autofocus onfocus=alert(17)>",
    "<keygen autofocus onfocus=alert(18)>",
    "<form action=javascript:alert(19)><button>жми</button></form>",
    "<isindex type=image src=1 onerror=alert(20)>",
    "<base href=//127.0.0.1:1/>",
    "<meta http-equiv=refresh content='0;url=javascript:alert(21)'>",
    "<link rel=stylesheet href=//127.0.0.1:1/x.css>",
    "<template><img src=x onerror=alert(22)></template>",
    "<noscript><p title='</noscript><img src=x onerror=alert(23)>'>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(24)>",
    "<xmp><img src=x onerror=alert(25)></xmp>",
    "<plaintext><img src=x onerror=alert(26)>",
]

ATTRIBUTES = [
    "\" onmouseover=\"alert(27)",
    "' onmouseover='alert(28)",
    "\"><img src=x onerror=alert(29)>",
    "'><img src=x onerror=alert(30)>",
    "\" autofocus onfocus=\"alert(31)",
    "` onmouseover=alert(32) `",
    "\" style=\"background:url(javascript:alert(33))",
    "\"/><svg onload=alert(34)>",
    "a\" href=\"javascript:alert(35)",
    "\" data-x=\"\" onclick=\"alert(36)",
]

URLS = [
    "javascript:alert(37)",
    "JaVaScRiPt:alert(38)",
    "java\tscript:alert(39)",
    "java&#x09;script:alert(40)",
    "&#106;avascript:alert(41)",
    "data:text/html,<script>alert(42)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCg0Myk8L3NjcmlwdD4=",
    "vbscript:msgbox(44)",
    "https://lobby.test@127.0.0.1:1/фишинг",
    "http://127.0.0.1:1/\"><script>alert(45)</script>",
    "//127.0.0.1:1/путь",
    "https://example.com/?q=<script>alert(46)</script>",
]

SVG = [
    "<svg onload=alert(47)>",
    "<svg><script>alert(48)</script></svg>",
    "<svg><a xlink:href=javascript:alert(49)><text y=20>жми</text></a></svg>",
    "<svg><animate onbegin=alert(50) attributeName=x dur=1s>",
    "<svg><set attributeName=onload to=alert(51)>",
    "<svg><foreignObject><img src=x onerror=alert(52)></foreignObject></svg>",
    "<svg><use href=data:image/svg+xml,<svg id=x onload=alert(53)> /></svg>",
    "<svg/onload=alert(54)>",
]

CSS = [
    "<style>*{display:none}</style>",
    "<style>@import '//127.0.0.1:1/x.css';</style>",
    "<div style=\"position:fixed;inset:0;background:red\">накрыло</div>",
    "<div style=\"background-image:url(javascript:alert(55))\">",
    "<div style=\"width:expression(alert(56))\">",
    "</style><script>alert(57)</script>",
    "<p style='animation-name:x' onanimationstart=alert(58)>",
]

MARKDOWN = [
    "[нажми](javascript:alert(59))",
    "[нажми](JAVASCRIPT:alert(60))",
    "[нажми](data:text/html,<script>alert(61)</script>)",
    "![картинка](x\" onerror=\"alert(62))",
    "![картинка](javascript:alert(63))",
    "[a](https://example.com \"title\" onclick=\"alert(64)\")",
    "<https://example.com/\"onmouseover=\"alert(65)>",
    "**<img src=x onerror=alert(66)>**",
    "`<script>alert(67)</script>`",
    "```\n</code><script>alert(68)</script>\n```",
    "[![x](x)](javascript:alert(69))",
    "[текст]: javascript:alert(70)\n[текст]",
]

RTL_AND_INVISIBLE = [
    "\u202eexe.txt",
    "файл\u202egnp.exe",
    "\u202d\u202eадм\u202cин",
    "пароль\u200b\u200c\u200d\u2060скрыт",
    "\ufeffначало",
    "строка\u2028перенос\u2029абзац",
    "\u0000нуль",
    "текст\u0007звонок",
    "\u061c\u200f\u200eнаправление",
    "Z̸̡̛a̶̧͠l̵̨̛g̴̢͝o̷̧͘",
]

LOOK_ALIKES = [
    "аdmin",  # a Cyrillic 'а'
    "ɑdmin",
    "аdmіn",  # Cyrillic 'а' and 'і'
    "Lobby Ѕupport",
    "𝐚𝐝𝐦𝐢𝐧",
    "ａｄｍｉｎ",
    "раураl.com",
    "xn--80ak6aa92e.com",
]

TEMPLATES_AND_ENTITIES = [
    "{{7*7}}",
    "{{constructor.constructor('alert(71)')()}}",
    "${alert(72)}",
    "#{alert(73)}",
    "<%= alert(74) %>",
    "{% raw %}{{ config }}{% endraw %}",
    "&lt;script&gt;alert(75)&lt;/script&gt;",
    "&#60;img src=x onerror=alert(76)&#62;",
    "\\u003cscript\\u003ealert(77)\\u003c/script\\u003e",
    "%3Cscript%3Ealert(78)%3C/script%3E",
    "__proto__",
    "{\"__proto__\": {\"polluted\": true}}",
]

POLYGLOTS = [
    "jaVasCript:/*-/*`/*\\`/*'/*\"/**/(/* */oNcliCk=alert(79) )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/"
    "</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert(80)//>\\x3e",
    "'\"><svg/onload=alert(81)>//",
    "--></script><script>alert(82)</script>",
    "]]><script>alert(83)</script>",
    "<!--<img src=\"--><img src=x onerror=alert(84)//\">",
    "<a href=\"&#x6a;avascript:alert(85)\">жми</a>",
    "<a href=\"#\" onclick=\"alert(86)\">жми</a>",
    "<a href=javascript&colon;alert(87)>жми</a>",
    "@everyone <img src=x onerror=alert(88)>",
    "<@1> <#1> <script>alert(89)</script>",
    "<img src=\"/api/account\" onerror=alert(90)>",
    "<form><button formaction=javascript:alert(91)>жми</button></form>",
    "<div contenteditable onblur=alert(92)>правь</div>",
    "<a id=x tabindex=1 onfocusin=alert(93)></a>",
    "<img srcset=x onerror=alert(94)>",
    "<picture><source srcset=x><img onerror=alert(95)></picture>",
    "<svg><style><img src=x onerror=alert(96)></style></svg>",
    "<dialog open onclose=alert(97)>",
    "<slot onslotchange=alert(98)>",
    "<frameset onload=alert(99)>",
    "<x onpointerenter=alert(100)>наведи</x>",
]

PAYLOADS = (TAGS + ATTRIBUTES + URLS + SVG + CSS + MARKDOWN + RTL_AND_INVISIBLE + LOOK_ALIKES
            + TEMPLATES_AND_ENTITIES + POLYGLOTS)
