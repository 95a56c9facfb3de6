/** Every node type and mark of the editor schema, as the editor writes them. */
export const RICH_DOCUMENT = [
  '<h1 style="text-align: center;">Master Services Agreement</h1>',
  '<p data-indent="2" dir="rtl">The <strong>Owner</strong> shall  pay<br>within <em>30</em> <u>days</u> <s>or</s> <code>later</code>, <sub>1</sub><sup>2</sup>',
  '<span style="color: #c00000; background-color: #ffff00; font-family: Arial; font-size: 14px;">styled</span> ',
  '<a href="https://example.com/terms">terms</a> <img src="https://cdn.example.com/logo.png">',
  '<ins data-change-id="c1" data-author-id="u1" data-author-name="Rae Reviewer" data-created-at="2026-11-20T10:00:00.000Z">added</ins>',
  '<del data-change-id="c2" data-author-id="u1" data-author-name="Rae Reviewer" data-created-at="2026-11-20T10:00:00.000Z">removed</del></p>',
  "<ul><li><p>Holdback: 10%</p><ol><li><p>nested</p></li></ol></li></ul>",
  "<blockquote><p>Quoted</p></blockquote>",
  "<pre><code>line one\nline two</code></pre>",
  "<hr>",
  "<table><tbody><tr><th><p>Milestone</p></th><th><p>Amount</p></th></tr><tr><td><p>Completion</p><p>second</p></td><td><p>$1,000</p></td></tr><tr><td><p></p></td><td><p>empty left</p></td></tr></tbody></table>",
  '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/abc123"></iframe></div>',
  "<p></p><p>After an empty paragraph<br></p><p>last</p>",
].join("");
