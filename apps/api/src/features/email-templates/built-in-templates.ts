import type { EmailTemplatePurpose } from '@portal/shared/email-templates';
import type { TemplateParts } from './template-rendering';

/** The wording used when neither the event nor the portal has an active template of a purpose. */
export const BUILT_IN_TEMPLATES: Readonly<Record<EmailTemplatePurpose, Required<TemplateParts>>> = {
  registration_link: {
    subject: 'Register your badge for {{eventName}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>{{companyName}} has a {{badgeCategory}} badge for you at {{eventName}} ({{eventDates}}).</p>' +
      '<p><a href="{{registrationLink}}">Register your badge</a></p>',
    textBody:
      'Dear {{firstName}} {{lastName}},\n\n{{companyName}} has a {{badgeCategory}} badge for you at {{eventName}} ({{eventDates}}).\n\nRegister your badge: {{registrationLink}}\n',
  },
  badge_confirmation: {
    subject: 'Your badge for {{eventName}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>Your {{badgeCategory}} badge for {{eventName}} ({{eventDates}}) is registered.</p>' +
      '<p>Badge code: <strong>{{badgeCode}}</strong></p>',
    textBody:
      'Dear {{firstName}} {{lastName}},\n\nYour {{badgeCategory}} badge for {{eventName}} ({{eventDates}}) is registered.\n\nBadge code: {{badgeCode}}\n',
  },
  invitation: {
    subject: 'Your account for {{eventName}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>An account was opened for {{companyName}} at {{eventName}}.</p>' +
      '<p><a href="{{invitationLink}}">Choose your password</a></p>',
    textBody:
      'Dear {{firstName}} {{lastName}},\n\nAn account was opened for {{companyName}} at {{eventName}}.\n\nChoose your password: {{invitationLink}}\n',
  },
  purchase_update: {
    subject: 'Your badge purchase for {{eventName}}: {{purchaseStatus}}',
    htmlBody:
      '<p>Dear {{firstName}} {{lastName}},</p><p>Your purchase of {{quantity}} {{badgeCategory}} badges for {{eventName}} is now {{purchaseStatus}}.</p>' +
      '<p><a href="{{portalLink}}">See it in the portal</a></p>',
    textBody:
      'Dear {{firstName}} {{lastName}},\n\nYour purchase of {{quantity}} {{badgeCategory}} badges for {{eventName}} is now {{purchaseStatus}}.\n\nSee it in the portal: {{portalLink}}\n',
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
