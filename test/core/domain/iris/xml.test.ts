import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import {
  XmlWriter,
  escapeAttribute,
  escapeText,
  parseXml,
  xmlChars,
} from "../../../../core/domain/iris/index.ts";

test("escapeText: & < > are escaped, quotes are left alone", () => {
  assert.is(escapeText(`Smith & Sons <Holdings> "A" 'B'`), `Smith &amp; Sons &lt;Holdings&gt; "A" 'B'`);
  assert.is(escapeText("]]>"), "]]&gt;");
  assert.is(escapeText("&amp;"), "&amp;amp;");
  assert.is(escapeText("a\r\nb"), "a&#13;\nb");
});

test("escapeAttribute: quotes and whitespace a parser would normalise", () => {
  assert.is(escapeAttribute(`a"b'c<d>&\te\nf\r`), "a&quot;b&apos;c&lt;d&gt;&amp;&#9;e&#10;f&#13;");
});

test("characters XML cannot hold are dropped; tab, newline, astral characters are kept", () => {
  assert.is(xmlChars("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf"), "abcdef");
  assert.is(xmlChars("x\ty\nz\r"), "x\ty\nz\r");
  assert.is(xmlChars("emoji \u{1F600} ok"), "emoji \u{1F600} ok");
  assert.is(xmlChars("lone \uD800 high and \uDC00 low"), "lone  high and  low");
  const s = "plain text";
  assert.is(xmlChars(s), s);
});

test("writer: nested elements, leaves skipped when undefined or null, declaration", () => {
  const w = new XmlWriter({ indent: "  " });
  w.element(
    "Root",
    () => {
      w.leaf("A", "x & y").leaf("B", undefined).leaf("C", null).leaf("D", 0);
      w.element(
        "Group",
        () => {
          w.leaf("E", "<e>");
        },
        { id: `1"2` },
      );
    },
    { xmlns: "urn:test" },
  );
  assert.is(
    w.toString(),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Root xmlns="urn:test">',
      "  <A>x &amp; y</A>",
      "  <D>0</D>",
      '  <Group id="1&quot;2">',
      "    <E>&lt;e&gt;</E>",
      "  </Group>",
      "</Root>",
      "",
    ].join("\n"),
  );
});

test("writer refuses bad names and unbalanced documents", () => {
  assert.throws(() => new XmlWriter().leaf("a b", "x"));
  assert.throws(() => new XmlWriter().open("A", { "x y": "1" }));
  assert.throws(() => new XmlWriter().open("A").close("B"));
  assert.throws(() => new XmlWriter().open("A").toString());
});

test("reader: prefixes, namespaces, entities, CDATA, comments", () => {
  const root = parseXml(`<?xml version="1.0"?>
<!-- comment -->
<n1:Top xmlns:n1="urn:us:gov:treasury:irs:ir" a="1 &amp; 2">
  <n1:Leaf>x &lt; y &#38; z &#x41;</n1:Leaf>
  <n1:Empty/>
  <Other xmlns="urn:other"><![CDATA[<raw> & stuff]]></Other>
</n1:Top>`);
  assert.is(root.name, "Top");
  assert.is(root.prefix, "n1");
  assert.is(root.namespace, "urn:us:gov:treasury:irs:ir");
  assert.is(root.attributes["a"], "1 & 2");
  assert.equal(
    root.children.map((c) => c.name),
    ["Leaf", "Empty", "Other"],
  );
  assert.is(root.children[0]?.text, "x < y & z A");
  assert.is(root.children[1]?.text, "");
  assert.is(root.children[2]?.namespace, "urn:other");
  assert.is(root.children[2]?.text, "<raw> & stuff");
});

test("reader refuses DTDs, mismatched tags, undeclared prefixes, unknown entities, two roots", () => {
  for (const bad of [
    `<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>`,
    "<a><b></a></b>",
    "<p:a>x</p:a>",
    "<a>&nbsp;</a>",
    "<a/><b/>",
    "<a>",
    "text",
    "",
  ]) {
    assert.throws(() => parseXml(bad), undefined, bad);
  }
});

test("reader: an element's text is every run of character data directly inside it, in order", () => {
  const root = parseXml("<a> one <b>two</b>&amp;three<![CDATA[ <four> ]]><c/>  </a>");
  assert.is(root.text, " one &three <four>   ");
  assert.equal(
    root.children.map((c) => [c.name, c.text, c.attributes, c.children]),
    [
      ["b", "two", {}, []],
      ["c", "", {}, []],
    ],
  );
  assert.is(parseXml("<t>  </t>").text, "  ", "whitespace-only text is kept");
  assert.throws(() => parseXml("<a>&bogus;</a>"), /unknown entity &bogus;/);
});

test("property: any text written by the writer reads back as the same text (XML-invalid characters dropped)", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      (a, b) => {
        const w = new XmlWriter();
        w.element(
          "R",
          () => {
            w.leaf("A", a).leaf("B", b);
          },
          { attr: a },
        );
        const root = parseXml(w.toString());
        // The reader keeps the characters as written; the writer only dropped what XML cannot hold.
        assert.is(root.children[0]?.text, xmlChars(a));
        assert.is(root.children[1]?.text, xmlChars(b));
        assert.is(root.attributes["attr"], xmlChars(a));
      },
    ),
    { numRuns: 500 },
  );
});

test.run();
