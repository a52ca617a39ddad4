import type { EmailTemplatePurpose } from '@portal/shared/email-templates';
import type { TemplateParts } from './template-rendering';

/** The wording used when neither the event nor the portal has an active template of a purpose. */
export const BUILT_IN_TEMPLATES: Readonly<Record<EmailTemplatePurpose, Required<TemplateParts>>> = {
  registration_link: {
    subject: 'Register your badge for {{eventName}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>{{companyName}} has a badge for you at {{eventName}} ({{eventDates}}), in the category {{badgeCategory}}.</p>' +
      '<p><a href="{{registrationLink}}">Register your badge</a></p>',
    textBody:
      'Dear {{firstName}} {{lastName}},\n\n{{companyName}} has a badge for you at {{eventName}} ({{eventDates}}), in the category {{badgeCategory}}.\n\nRegister your badge: {{registrationLink}}\n',
  },
  badge_confirmation: {
    subject: 'Your badge for {{eventName}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>Your {{badgeCategory}} badge for {{eventName}} ({{eventDates}}) is registered.</p>' +
      '<p>Show this code at the entrance, on your phone or printed:</p><p>{{badgeQr}}</p>' +
      '<p>Badge code: <strong>{{badgeCode}}</strong></p><p>Your badge is attached as a PDF to print.</p>',
    textBody:
      'Dear {{firstName}} {{lastName}},\n\nYour {{badgeCategory}} badge for {{eventName}} ({{eventDates}}) is registered.\n\n' +
      'Badge code: {{badgeQr}}\nShow it at the entrance. Your badge is attached as a PDF to print.\n',
  },
  invitation: {
    subject: 'Your Exhibitor Portal account for {{eventName}}',
    htmlBody:
      '<p>Hello {{firstName}},</p><p>An account has been created for you on the Exhibitor Portal for {{eventName}}.</p>' +
      '<p>Choose your password within 7 days at:<br><a href="{{invitationLink}}">{{invitationLink}}</a></p>' +
      '<p>If you did not expect this message, you can ignore it.</p>',
    textBody: [
      'Hello {{firstName}},',
      '',
      'An account has been created for you on the Exhibitor Portal for {{eventName}}.',
      'Choose your password within 7 days at:',
      '{{invitationLink}}',
      '',
      'If you did not expect this message, you can ignore it.',
    ].join('\n'),
  },
  purchase_update: {
    subject: '{{purchaseStatus}}: {{badgeCategory}} — {{eventName}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>{{purchaseDetails}}</p><p><a href="{{portalLink}}">Open the purchase</a></p>',
    textBody: 'Dear {{firstName}} {{lastName}},\n\n{{purchaseDetails}}\n\nOpen the purchase: {{portalLink}}\n',
  },
  password_reset: {
    subject: 'Choose a new Exhibitor Portal password',
    htmlBody:
      '<p>Hello {{firstName}},</p><p>Someone, hopefully you, asked to choose a new password for your Exhibitor Portal account. ' +
      'Choose it within {{linkValidMinutes}} minutes:</p><p><a href="{{resetLink}}">{{resetLink}}</a></p>' +
      '<p>The link works once. Choosing a new password signs you out everywhere.<br>' +
      'If you did not ask for this, ignore this message: your password stays as it is.</p>',
    textBody: [
      'Hello {{firstName}},',
      '',
      'Someone, hopefully you, asked to choose a new password for your Exhibitor Portal account.',
      'Choose it within {{linkValidMinutes}} minutes at:',
      '{{resetLink}}',
      '',
      'The link works once. Choosing a new password signs you out everywhere.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  },
};
