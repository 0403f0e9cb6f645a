import { BRAND_NAME } from '@portal/ui';
import { LEGAL_CONTACT, LEGAL_EFFECTIVE_DATE } from './legal-facts';

export const termsOfService = `
These Terms of Service ("Terms") govern your use of the website, customer portal, API and services of ${BRAND_NAME} ("we", "us" or "our"), a company based in ${LEGAL_CONTACT.location}. They are effective ${LEGAL_EFFECTIVE_DATE}. Please read them carefully: by using our website or services, you agree to them.

## 1. Agreement to these Terms

By creating an account, placing an order or using our services, you accept these Terms on behalf of yourself and the business you represent. If we have signed a separate written agreement or statement of work with your business, that agreement governs where it conflicts with these Terms.

## 2. Eligibility

You must be at least 18 years old to use our services, and you must have the authority to bind the business on whose behalf you use them. Our services are for businesses; they are not offered to consumers for personal, family or household use.

## 3. Our services

We provide inbound customer support, outbound sales and marketing, AI automation and digital marketing services, delivered by our US-based management and our onshore (US) and offshore (Philippines) teams, together with the customer portal and API that let you manage them. The scope of the services you buy, including channels, hours of coverage and service levels, is set out in your quote or order.

## 4. Your account

You are responsible for the accuracy of the information in your account, for keeping your password and API keys confidential, and for all activity under your account. Account administrators can invite users, assign roles and remove access. Tell us at once if you suspect unauthorized use of your account.

## 5. Plans, pricing and changes

Our services are priced by custom quote, with no hidden fees. Plans run month to month with no long-term contract. You may upgrade or downgrade your plan at any time; plan changes take effect at the start of the next billing cycle. We may change our prices for future billing cycles with at least 30 days notice.

## 6. Payment

- **Invoices:** invoices are due on receipt.
- **Payment methods:** we accept major credit cards, wire transfers and ACH bank transfers. Card payments are processed by our payment processor; we do not store card numbers.
- **Late payments:** overdue amounts bear interest at the lesser of 1.5% per month or the maximum rate permitted by law, and we may suspend the services after written notice while an invoice remains unpaid.
- **Taxes:** prices exclude taxes, which you pay in addition unless you give us a valid exemption certificate.

## 7. 30-day money-back guarantee

If you are not satisfied with our services, you may cancel within 30 days of your first payment and we will refund that payment in full. The guarantee applies once per business, to your first order.

## 8. Cancellation

You may cancel your plan for any reason by giving us 30 days notice in writing, by email or through your account manager. The services continue, and fees remain payable, until the end of the notice period. We may terminate or suspend the services if you materially breach these Terms and do not cure the breach within 30 days of our notice, or immediately where the law requires it.

## 9. Acceptable use

You agree not to use our services to:

- break any law, including telemarketing, consumer protection, privacy and anti-spam laws;
- contact people who have not given the consent the law requires, or who have opted out;
- send content that is fraudulent, deceptive, defamatory, harassing or infringes the rights of others;
- interfere with, probe or overload our systems, or access them in ways other than those we provide.

You are responsible for the scripts, offers and instructions you give us and for having the consents required for us to contact your customers on your behalf.

## 10. API use

Access to our API requires an API key, which you must keep confidential and use only from your own servers. Each key may make up to 1000 requests per hour; requests over that limit are refused until the limit resets. We may change or retire API versions with reasonable notice, and we may suspend a key that is used in breach of these Terms or that puts our systems at risk.

## 11. Text messages

If you or your customers receive text messages from us or on your behalf, message frequency varies and message and data rates may apply.

**Recipients can reply STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT to opt out at any time, and HELP for help.**

We honor every opt-out promptly and keep records of consent and opt-outs as the law requires.

## 12. Your data and confidentiality

You own the data you and your customers provide to us. You give us permission to use it only to provide, secure and improve the services for you, as described in our Privacy Policy and your agreement with us. Each party will keep the other's confidential information confidential and use it only to perform under these Terms.

## 13. Intellectual property

We own our website, portal, API, software, AI models and know-how, and everything we develop to improve them. We give you a limited, non-exclusive, non-transferable right to use them during your subscription for your internal business purposes. Feedback you give us may be used without obligation to you.

## 14. Third-party services

The services can connect to third-party systems such as CRMs, phone systems and payment processors. Your use of those systems is governed by their own terms, and we are not responsible for their availability or their handling of your data.

## 15. Disclaimers

Except as expressly stated in these Terms or in a written agreement with us, the services are provided "as is" and "as available". To the extent the law allows, we disclaim all implied warranties, including merchantability, fitness for a particular purpose and non-infringement. Savings, results and figures described on our website are based on client averages and are not a guarantee of results for your business.

## 16. Limitation of liability

To the extent the law allows, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost profits or revenue. Our total liability arising out of or relating to these Terms or the services is limited to the amounts you paid or owe us for the services in the 12 months before the event that gave rise to the claim.

## 17. Indemnification

You will defend and indemnify us against third-party claims arising from your data, your instructions to us, or your use of the services in breach of these Terms or the law, including claims that you lacked the consent needed to contact a person.

## 18. Governing law and disputes

These Terms are governed by the laws of the State of New Jersey, without regard to its conflict-of-laws rules. Any dispute will be resolved in the state or federal courts located in New Jersey, and both parties consent to their jurisdiction. Before going to court, each party agrees to try in good faith to resolve the dispute through discussion between senior managers for 30 days.

## 19. Changes to these Terms

We may update these Terms from time to time. We will change the effective date at the top of this page and, for significant changes, tell account holders by email at least 30 days before they take effect. Continuing to use the services after that means you accept the updated Terms.

## 20. Contact us

Questions about these Terms? Contact ${BRAND_NAME} at ${LEGAL_CONTACT.legalEmail}, or write to us at our offices in ${LEGAL_CONTACT.location}.
`;
