// English words of the Watch screen's team chat alerts (the destinations the watcher's alerts are
// also posted to, and their deliveries), merged into en.ts. Every key must exist in
// teamalerts.ja.ts too (the type checks it). The rules are named by `watch.rule.*`.
import type { DeliveryState } from '../../backend/types/DeliveryState';
import type { DestinationKind } from '../../backend/types/DestinationKind';
import type { MessageLanguage } from '../../backend/types/MessageLanguage';

export const teamAlertsEn = {
  'teamalerts.title': 'Team chat',
  'teamalerts.intro':
    'The alerts can also be posted to your team’s chat: Slack, Microsoft Teams, Chatwork, LINE WORKS, or any address that accepts JSON. Each alert is posted once to each destination; more than three at once become one message. A service that is down is tried again for a day. The webhook address is kept in the system keychain: only its host is shown here.',
  'teamalerts.add': 'Add a destination',
  'teamalerts.empty':
    'No chat destinations yet: the alerts are shown on this screen and as desktop notifications only.',
  'teamalerts.otherOrgs':
    'Destinations of other organizations are not shown here ({count}); choose that organization to see them.',
  'teamalerts.listLabel': 'Chat destinations',

  'teamalerts.kind.slack': 'Slack',
  'teamalerts.kind.teams': 'Microsoft Teams',
  'teamalerts.kind.chatwork': 'Chatwork',
  'teamalerts.kind.line_works': 'LINE WORKS',
  'teamalerts.kind.generic': 'JSON (any address)',
  'teamalerts.kind.email': 'E-mail',
  'teamalerts.hint.slack':
    'In Slack, add the “Incoming Webhooks” app to the channel and paste the webhook URL it gives.',
  'teamalerts.hint.teams':
    'In the Teams channel, open Workflows and create a flow from “Post to a channel when a webhook request is received”; paste the URL it gives.',
  'teamalerts.hint.chatwork':
    'The API token of the Chatwork account that posts (Service integration › API token) and the room’s ID (the digits at the end of the room’s address, after “rid”).',
  'teamalerts.hint.line_works':
    'In LINE WORKS, add the “Incoming Webhook” app to the talk room and paste the webhook URL it gives.',
  'teamalerts.hint.generic':
    'Any address starting with https:// that accepts the alerts as JSON, such as your office’s own relay or script.',
  'teamalerts.hint.email':
    'The office’s mail server (SMTP with STARTTLS or TLS), a sender and one or more recipients.',
  'teamalerts.language.ja': 'Japanese',
  'teamalerts.language.en': 'English',

  'teamalerts.fact.kind': 'Service',
  'teamalerts.fact.host': 'Posts to',
  'teamalerts.fact.rules': 'Alerts',
  'teamalerts.fact.language': 'Language',
  'teamalerts.room': '{host}, room {room}',
  'teamalerts.rules.all': 'All alerts',
  'teamalerts.separator': ', ',
  'teamalerts.test': 'Send a test',
  'teamalerts.testSent': 'Test message sent at {time}. Check that it arrived in the chat.',
  'teamalerts.remove': 'Remove',
  'teamalerts.removeConfirm':
    'Remove the destination “{name}”? Its alerts not sent yet will not be sent.',
  'teamalerts.removed': 'Destination removed.',
  'teamalerts.added': 'Destination added. Send a test to check that it arrives.',

  'teamalerts.form.title': 'New chat destination',
  'teamalerts.form.name': 'Name',
  'teamalerts.form.nameHint':
    'Shown in this list and in the test message, e.g. the channel’s name.',
  'teamalerts.form.kind': 'Service',
  'teamalerts.form.url': 'Webhook URL',
  'teamalerts.form.secretHint': 'Kept in the system keychain, never shown again.',
  'teamalerts.form.token': 'API token',
  'teamalerts.form.room': 'Room ID',
  'teamalerts.form.relay': 'Post through a relay',
  'teamalerts.form.relayUrl': 'Relay address (optional)',
  'teamalerts.form.relayHint':
    'Only when Chatwork is reached through your office’s relay. Left empty, messages go to Chatwork’s own API.',
  'teamalerts.form.rules': 'Alerts to post',
  'teamalerts.form.allRules': 'All alerts',
  'teamalerts.form.someRules': 'Only these:',
  'teamalerts.form.language': 'Language of the messages',
  'teamalerts.form.save': 'Add destination',
  'teamalerts.notAdded': 'Not added: correct the fields marked above. Nothing was stored.',

  'teamalerts.invalid.name': 'Give a name of 1 to {max} characters.',
  'teamalerts.invalid.urlEmpty': 'Enter the webhook URL.',
  'teamalerts.invalid.urlLogin': 'The address must not contain a user name or password.',
  'teamalerts.invalid.urlFragment': 'The address must not have a # part.',
  'teamalerts.invalid.token': 'Enter the Chatwork API token (letters and digits, no spaces).',
  'teamalerts.invalid.room': 'Enter the room ID: digits only.',
  'teamalerts.invalid.rules': 'Choose at least one kind of alert.',
  'teamalerts.invalid.tooMany': 'At most {max} destinations can be kept: remove one first.',

  // E-mail destinations and the daily digest.
  'teamalerts.security.starttls': 'STARTTLS (port 587)',
  'teamalerts.security.tls': 'TLS (port 465)',
  'teamalerts.security.none': 'None (this computer only)',
  'teamalerts.mailWhere': '{host}:{port}, to {to}',
  'teamalerts.digestAt': 'Daily digest at {at}',
  'teamalerts.fact.team': 'In the team',
  'teamalerts.teamOnlyHere': 'Only this computer can send to it: alerts wait while it is off.',
  'teamalerts.teamAlso': 'Also set up on {computers}: each alert is sent once, by one of them.',
  'teamalerts.teamNotHere':
    'Sent by {computers}. This computer has not been given its address, so it does not send to it.',
  'teamalerts.teamNobody':
    'No computer can send to it yet: it was added on another computer of the team. Give its address here (or on another computer).',
  'teamalerts.giveSecret': 'Give its address here',
  'teamalerts.secret.title': 'Its address on this computer',
  'teamalerts.secret.intro':
    'This destination was added on another computer of the team. Its address (or password) is kept in this computer’s keychain only; the team’s database never holds it.',
  'teamalerts.secret.save': 'Save on this computer',
  'teamalerts.secretGiven': 'This computer can send to the destination now.',
  'teamalerts.changeSecret': 'Change its address',
  'teamalerts.secret.introChange':
    'The new address (or password) replaces the one kept in this computer’s keychain; the other computers of the team keep theirs.',
  'teamalerts.fact.digest': 'Sending',
  'teamalerts.form.host': 'SMTP server',
  'teamalerts.form.hostHint': 'The mail server’s name or address, without a port.',
  'teamalerts.form.port': 'Port (optional)',
  'teamalerts.form.portHint': 'Left empty: 587 with STARTTLS, 465 with TLS.',
  'teamalerts.form.security': 'Encryption',
  'teamalerts.form.securityHint': '“None” is only for a mail server on this computer.',
  'teamalerts.form.username': 'User name (optional)',
  'teamalerts.form.usernameHint': 'Leave empty when the server takes mail without signing in.',
  'teamalerts.form.password': 'Password',
  'teamalerts.form.from': 'From address',
  'teamalerts.form.to': 'To addresses',
  'teamalerts.form.toHint': 'One address a line, or separated by commas (up to {max}).',
  'teamalerts.form.digest': 'Daily digest',
  'teamalerts.form.digestCheck': 'Send one message a day instead of one per alert',
  'teamalerts.form.digestAt': 'Time',
  'teamalerts.form.digestHint':
    'The alerts of a day go out at this time on the next office day (weekends and Japanese public holidays off, as in the office days above).',
  'teamalerts.invalid.hostEmpty': 'Enter the mail server’s name or address.',
  'teamalerts.invalid.host':
    'Enter the mail server’s name or address only, without a port or user name.',
  'teamalerts.invalid.port': 'Enter a port from 1 to 65535, or leave it empty.',
  'teamalerts.invalid.securityNone':
    'Mail without encryption goes only to a server on this computer: choose STARTTLS or TLS.',
  'teamalerts.invalid.username': 'Give a user name of at most {max} characters, on one line.',
  'teamalerts.invalid.password': 'Enter the password of this user name (one line).',
  'teamalerts.invalid.from': 'Enter the sender’s e-mail address, e.g. lockdesk@example.co.jp.',
  'teamalerts.invalid.toCount': 'Enter 1 to {max} addresses to send the alerts to.',
  'teamalerts.invalid.to': 'Each recipient must be an e-mail address such as soumu@example.co.jp.',
  'teamalerts.invalid.toTwice': 'An address is given twice.',
  'teamalerts.invalid.digestAt': 'Enter the time as HH:MM, 00:00 to 23:59.',

  'teamalerts.deliveries': 'Recent deliveries',
  'teamalerts.deliveriesCaption': 'Alerts posted to chat, newest first',
  'teamalerts.noDeliveries': 'No alert has been posted to chat yet.',
  'teamalerts.col.time': 'Raised',
  'teamalerts.col.destination': 'Destination',
  'teamalerts.col.alert': 'Alert',
  'teamalerts.col.state': 'State',
  'teamalerts.col.error': 'Last error',
  'teamalerts.state.sent': 'Sent',
  'teamalerts.state.queued': 'Waiting to be sent',
  'teamalerts.state.retry': 'Waiting to retry',
  'teamalerts.state.failed': 'Failed',
  'teamalerts.state.unknown': 'May have arrived (not sent again)',
  'teamalerts.mayHaveArrived': '{count} may have arrived and are not sent again.',
  'teamalerts.nextTry': 'Next try {time}',
  'teamalerts.tries': 'Tries: {count}',
  'teamalerts.alert': '{rule}: {lock}',
  'teamalerts.removedDestination': 'Removed destination',
  'teamalerts.summary.pending': '{count} waiting to be sent.',
  'teamalerts.summary.failed': '{count} failed.',
  'teamalerts.sendNow': 'Send now',
  'teamalerts.sending': 'Sending…',
  'teamalerts.sendNowHint':
    'Sends the deliveries whose time has come; the others wait for their next try.',
  'teamalerts.sendNowResult': 'Sent {sent}, still waiting {retrying}, failed {failed}.',
  'teamalerts.nothingDue':
    'Nothing was due yet: the waiting deliveries are sent at their next try.',
  'teamalerts.round': 'Team chat: {sent} sent, {retrying} waiting to retry, {failed} failed.',
} satisfies Record<`teamalerts.kind.${DestinationKind}`, string> &
  Record<`teamalerts.hint.${DestinationKind}`, string> &
  Record<`teamalerts.language.${MessageLanguage}`, string> &
  Record<`teamalerts.state.${Exclude<DeliveryState, 'pending'>}`, string> &
  Record<string, string>;

export type TeamAlertsMessageKey = keyof typeof teamAlertsEn;
