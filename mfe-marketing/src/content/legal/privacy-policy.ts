import { BRAND_NAME } from '@portal/ui';
import { LEGAL_CONTACT, LEGAL_EFFECTIVE_DATE } from './legal-facts';

export const privacyPolicy = `
This Privacy Policy explains how ${BRAND_NAME} ("we", "us" or "our") collects, uses, shares and protects personal information when you visit our website, contact us, create an account, buy our services or otherwise interact with us. It is effective ${LEGAL_EFFECTIVE_DATE}.

## 1. Who we are

${BRAND_NAME} provides contact-center outsourcing, outbound sales and marketing, AI automation and digital marketing services to businesses in the United States. Our management team is based in ${LEGAL_CONTACT.location}, and our services are delivered by onshore teams in the United States and offshore teams in the Philippines.

When we handle your customers' information while providing services to you, for example when our agents answer your customers' calls, we act on your behalf and under your instructions as set out in our agreement with you. This policy covers the information we handle for our own purposes: visitors to our website, prospective clients, and the people who use our customer portal.

## 2. Information we collect

### Information you give us

- **Contact and quote requests:** your first and last name, email address, company (optional) and the message you send us.
- **Newsletter sign-ups:** your email address.
- **Account registration:** your name, email address and a password, which we store only as a salted one-way hash.
- **Purchases:** the plans you order, their quantities and totals. Card details are entered directly into our payment processor's secure form and are never stored on our servers.
- **Support requests:** the title, description and priority of the tickets you open, and any correspondence with our team.
- **Integrations:** the type and name of the systems you connect (such as a CRM or phone system) and the API keys or tokens you give us, which we encrypt at rest and never display again.

### Information collected automatically

- **Usage and device information:** pages visited, the date and time of each visit, referring pages, browser type, operating system and IP address, recorded in our server logs.
- **Local storage:** when you sign in, your browser stores a session token so you stay signed in, and your cart is kept in your browser so it survives a page reload.

### Calls and messages

Calls with our team may be recorded and reviewed for quality, training and compliance. We tell you at the start of a call when it is being recorded.

## 3. How we use information

- To answer your questions, prepare quotes and schedule consultations, usually within 24 hours.
- To create and secure your account, process your orders and provide the services you buy.
- To run, maintain and improve our website, portal and services, including troubleshooting and analytics.
- To send service messages, such as order confirmations, security alerts and changes to our terms.
- To send our newsletter and marketing emails when you have asked for them; every email includes an unsubscribe link.
- To detect, prevent and respond to fraud, abuse, security incidents and violations of our Terms of Service.
- To comply with legal obligations and enforce our agreements.

## 4. Text messages

If you agree to receive text messages from us, we use your phone number only for the messages you agreed to. Message frequency varies, and message and data rates may apply.

**Reply STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT to stop text messages at any time. Reply HELP for help.**

We do not share mobile numbers or text-messaging consent with third parties for their own marketing.

## 5. How we share information

We do not sell your personal information, and we do not share it for cross-context behavioral advertising. We share information only as follows:

- **Service providers** who host our systems, process payments, send email or help us operate our business, under contracts that limit their use of the information to the services they provide to us.
- **Our delivery teams** in the United States and the Philippines, who need the information to provide services to you, under the same confidentiality and security obligations.
- **Your instructions:** when you connect an integration, we exchange data with that system as you have set it up.
- **Legal reasons:** when required by law, subpoena or court order, or to protect the rights, property or safety of ${BRAND_NAME}, our clients or others.
- **Business transfers:** in connection with a merger, acquisition or sale of assets, subject to this policy.

## 6. Cookies and similar technologies

Our website uses browser storage that is strictly necessary for it to work, such as keeping you signed in and remembering your cart. We do not use third-party advertising cookies. You can clear browser storage at any time in your browser's settings; you will then be signed out and your cart will be emptied.

## 7. How we protect information

We use administrative, technical and physical safeguards designed to protect personal information, including encryption in transit, encryption at rest for integration secrets, hashed passwords, role-based access for our staff, and monitoring of our systems. No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but we work to protect your information and will notify you of a security breach as required by law.

## 8. How long we keep information

We keep personal information for as long as we need it for the purposes described in this policy: account information while your account is open, order and billing records for as long as tax and accounting laws require, and contact requests and newsletter subscriptions until you ask us to delete them or unsubscribe. When we no longer need information, we delete it or make it anonymous.

## 9. Your choices and rights

- **Marketing emails:** use the unsubscribe link in any email, or contact us.
- **Access, correction and deletion:** you can ask for a copy of the personal information we hold about you, ask us to correct it, or ask us to delete it.
- **State privacy rights:** depending on where you live, including New Jersey and California, you may have additional rights, such as to opt out of certain processing or to appeal a decision about your request. We will not discriminate against you for exercising them.

To make a request, email ${LEGAL_CONTACT.privacyEmail}. We will verify your identity before acting on it and reply within the time the law requires.

## 10. Children's privacy

Our website and services are intended for businesses and are not directed to children. They are not for children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child has given us personal information, contact us and we will delete it.

## 11. Where information is processed

We are based in the United States, and information is stored and processed in the United States. Our offshore delivery teams in the Philippines may access information when they provide services, under the safeguards described in this policy.

## 12. Changes to this policy

We may update this Privacy Policy from time to time. When we do, we will change the effective date at the top of this page, and if the changes are significant we will tell account holders by email before they take effect.

## 13. Contact us

If you have questions about this policy or how we handle personal information, contact ${BRAND_NAME} at ${LEGAL_CONTACT.privacyEmail}, or write to us at our offices in ${LEGAL_CONTACT.location}.
`;
