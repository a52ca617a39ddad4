import { EMAIL_TEMPLATE_PURPOSES, placeholderNames, samplePlaceholderValues } from '@portal/shared/email-templates';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from './built-in-templates';
import { missingPlaceholders, placeholdersIn, renderTemplate, sanitizeTemplateHtml, textFromHtml, unknownPlaceholders } from './template-rendering';

describe('placeholders', () => {
  it('finds each name once, spaces inside the braces allowed', () => {
    expect(placeholdersIn('Dear {{firstName}} {{ lastName }}, {{firstName}} again')).toEqual(['firstName', 'lastName']);
  });

  it('names every unknown placeholder with the part it is in', () => {
    const errors = unknownPlaceholders('registration_link', {
      subject: 'Hi {{firstName}} {{nickname}}',
      htmlBody: '<p>{{registrationLink}} {{ first name }}</p>',
      textBody: '{{resetLink}}',
    });
    expect(errors).toEqual([
      { field: 'subject', message: 'Unknown placeholder {{nickname}}' },
      { field: 'htmlBody', message: 'Unknown placeholder {{first name}}' },
      { field: 'textBody', message: 'Unknown placeholder {{resetLink}}' },
    ]);
  });

  it('accepts the whole catalogue of a purpose', () => {
    const all = placeholderNames('purchase_update').map((name) => `{{${name}}}`).join(' ');
    expect(unknownPlaceholders('purchase_update', { subject: all, htmlBody: all, textBody: all })).toEqual([]);
  });

  it('gives every built-in template only placeholders of its purpose, and the one it requires', () => {
    for (const purpose of EMAIL_TEMPLATE_PURPOSES) {
      expect(unknownPlaceholders(purpose, BUILT_IN_TEMPLATES[purpose]), purpose).toEqual([]);
      expect(missingPlaceholders(purpose, BUILT_IN_TEMPLATES[purpose]), purpose).toEqual([]);
    }
  });

  it('requires the link of a purpose in each body', () => {
    const message = 'Use {{resetLink}}: a mail of this purpose is of no use without it';
    expect(missingPlaceholders('password_reset', { subject: 's', htmlBody: '<p>Hi</p>', textBody: 'Go to {{resetLink}}' })).toEqual([{ field: 'htmlBody', message }]);
    expect(missingPlaceholders('password_reset', { subject: 's', htmlBody: '<a href="{{resetLink}}">x</a>', textBody: 'Hi' })).toEqual([{ field: 'textBody', message }]);
    expect(missingPlaceholders('password_reset', { subject: 's', htmlBody: '<a href="{{resetLink}}">x</a>' })).toEqual([]);
    expect(missingPlaceholders('badge_confirmation', { subject: 's', htmlBody: '<p>Hi</p>' })).toEqual([]);
  });
});

describe('rendering', () => {
  it('fills the subject and both parts', () => {
    const rendered = renderTemplate(
      { subject: 'Welcome {{firstName}}', htmlBody: '<p>Dear {{firstName}} {{lastName}}</p>', textBody: 'Dear {{firstName}} {{lastName}}' },
      { firstName: 'Ada', lastName: 'Lovelace' },
    );
    expect(rendered).toEqual({ subject: 'Welcome Ada', html: '<p>Dear Ada Lovelace</p>', text: 'Dear Ada Lovelace' });
  });

  it('escapes values in the HTML part, not in the text part', () => {
    const values = { firstName: '<script>alert(1)</script>', companyName: 'Smith & "Sons"' };
    const rendered = renderTemplate({ subject: '{{companyName}}', htmlBody: '<p>{{firstName}} of {{companyName}}</p>', textBody: '{{firstName}} of {{companyName}}' }, values);
    expect(rendered.html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; of Smith &amp; "Sons"</p>');
    expect(rendered.html).not.toContain('<script');
    expect(rendered.text).toBe('<script>alert(1)</script> of Smith & "Sons"');
    expect(rendered.subject).toBe('Smith & "Sons"');
  });

  it('keeps a value from breaking out of an attribute or bringing a javascript: link', () => {
    const rendered = renderTemplate({ subject: 's', htmlBody: '<a href="{{registrationLink}}">Register</a>' }, { registrationLink: '" onclick="alert(1)' });
    expect(rendered.html).toBe('<a href="&quot; onclick=&quot;alert(1)">Register</a>');
    const script = renderTemplate({ subject: 's', htmlBody: '<a href="{{registrationLink}}">Register</a>' }, { registrationLink: 'javascript:alert(1)' });
    expect(script.html).not.toContain('javascript:');
  });

  it('keeps a subject on one line whatever the values', () => {
    expect(renderTemplate({ subject: 'Hi {{firstName}}', htmlBody: '<p>x</p>' }, { firstName: 'Ada\r\nBcc: x@evil.example' }).subject).toBe('Hi Ada Bcc: x@evil.example');
  });

  it('derives the text part from the HTML, keeping paragraphs, line breaks and link addresses', () => {
    const rendered = renderTemplate(
      { subject: 's', htmlBody: '<p>Dear {{firstName}},</p><p>line one<br>line two</p><p><a href="{{registrationLink}}">Register</a></p>' },
      { firstName: 'Ada', registrationLink: 'https://portal.example/r/1' },
    );
    expect(rendered.text).toBe('Dear Ada,\n\nline one\nline two\n\nRegister [https://portal.example/r/1]');
  });

  it('keeps the line breaks of a text body', () => {
    expect(renderTemplate({ subject: 's', htmlBody: '<p>x</p>', textBody: 'one\r\ntwo\n\nthree' }, {}).text).toBe('one\ntwo\n\nthree');
  });

  it('renders every built-in template with its sample values, leaving no braces', () => {
    for (const purpose of EMAIL_TEMPLATE_PURPOSES) {
      const rendered = renderTemplate(BUILT_IN_TEMPLATES[purpose], samplePlaceholderValues(purpose));
      for (const part of [rendered.subject, rendered.html, rendered.text]) expect(part, purpose).not.toContain('{{');
    }
  });
});

describe('{{badgeQr}}', () => {
  const qr = { src: 'cid:badge-qr-7@exhibitor-portal', code: 'ABCD234567' };
  const template = { subject: 'Badge {{badgeQr}}', htmlBody: '<p>Hi {{firstName}}</p><p>{{badgeQr}}</p>', textBody: 'Code: {{badgeQr}}' };

  it('is the inline image in the HTML part and the badge code in the text part and subject', () => {
    const rendered = renderTemplate(template, { firstName: 'Ada' }, qr);
    expect(rendered.html).toBe(
      '<p>Hi Ada</p><p><img src="cid:badge-qr-7@exhibitor-portal" alt="QR code of badge ABCD234567" width="200" height="200" /></p>',
    );
    expect(rendered.text).toBe('Code: ABCD234567');
    expect(rendered.subject).toBe('Badge ABCD234567');
  });

  it('reads as the code in a text part derived from the HTML', () => {
    const rendered = renderTemplate({ subject: 's', htmlBody: '<p>Your code</p><p>{{badgeQr}}</p>' }, {}, qr);
    expect(rendered.text).toBe('Your code\n\nABCD234567');
  });

  it('never takes markup from a value: a value named badgeQr is ignored, and the image is built from escaped parts', () => {
    const injected = renderTemplate(template, { firstName: 'Ada', badgeQr: '<img src=x onerror=alert(1)>' });
    expect(injected.html).toBe('<p>Hi Ada</p><p></p>');
    const hostile = renderTemplate(template, {}, { src: 'cid:x" onerror="alert(1)', code: '"><script>alert(1)</script>' });
    expect(hostile.html).not.toContain('<script');
    // The quote stays inside the src value: no onerror attribute comes of it.
    expect(hostile.html).toContain('src="cid:x&quot; onerror=&quot;alert(1)"');
    expect(hostile.html).not.toMatch(/\sonerror="/);
    expect(hostile.html).toContain('alt="QR code of badge &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('is refused in a template of any other purpose', () => {
    for (const purpose of EMAIL_TEMPLATE_PURPOSES.filter((p) => p !== 'badge_confirmation')) {
      expect(unknownPlaceholders(purpose, { subject: 's', htmlBody: '<p>{{badgeQr}}</p>' }), purpose).toEqual([
        { field: 'htmlBody', message: 'Unknown placeholder {{badgeQr}}' },
      ]);
    }
    expect(unknownPlaceholders('badge_confirmation', { subject: 's', htmlBody: '<p>{{badgeQr}}</p>', textBody: '{{badgeQr}}' })).toEqual([]);
  });

  it('is shown by the built-in badge confirmation, as the image and as the code', () => {
    const rendered = renderTemplate(BUILT_IN_TEMPLATES.badge_confirmation, samplePlaceholderValues('badge_confirmation'), qr);
    expect(rendered.html).toContain('<img src="cid:badge-qr-7@exhibitor-portal"');
    expect(rendered.text).toContain('Badge code: ABCD234567');
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const clean = sanitizeTemplateHtml(
      '<p onclick="x()">Hi</p><script>alert(1)</script><img src="https://cdn.example/logo.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toBe('<p>Hi</p><img src="https://cdn.example/logo.png" /><a>x</a>');
  });

  it('takes cid: only as an image source, never as a link', () => {
    expect(sanitizeTemplateHtml('<img src="cid:logo@x"><a href="cid:logo@x">x</a>')).toBe('<img src="cid:logo@x" /><a>x</a>');
  });

  it('keeps ordinary mail markup and placeholders in links', () => {
    const html = '<table><tr><td style="color:#333"><a href="{{registrationLink}}">Go</a></td></tr></table>';
    expect(sanitizeTemplateHtml(html)).toBe('<table><tr><td style="color:#333"><a href="{{registrationLink}}">Go</a></td></tr></table>');
  });

  it('derives text from markup without its images', () => {
    expect(textFromHtml('<h1>Title</h1><img src="https://x.example/a.png" alt="logo"><p>Body</p>')).toBe('TITLE\n\nBody');
  });
});
