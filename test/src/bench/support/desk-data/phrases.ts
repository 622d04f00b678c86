/**
 * What customers write about: a product of the shop's catalogue and a problem with it or with its
 * order. A subject and a query are composed of the problem's phrases, the product and, when the
 * ticket names one, the order (`#S-123456`), so that two tickets rarely read the same.
 */

export const PRODUCTS: readonly string[] = [
  'AeroBrew kettle', 'Kettle Pro 1.7L', 'Nimbus 2 headphones', 'Nimbus Mini earbuds', 'TrailPro backpack 28L', 'Lumen desk lamp', 'Orbit smart scale',
  'FlexFit yoga mat', 'Harbor rain jacket', 'Summit hiking boots', 'Cascade water bottle', 'Velvet sofa cover', 'Pixel phone stand', 'Atlas standing desk',
  'Breeze tower fan', 'Ember space heater', 'Grindmaster coffee grinder', 'Silk pillowcase set', 'Nordic wool blanket', 'Tempo running shoes',
  'Sprout kids bike', 'Echo smart speaker', 'Vista 27" monitor', 'Quill fountain pen', 'Aurora LED strip', 'Drift office chair', 'Pebble power bank',
  'Frost mini fridge', 'Glide robot vacuum', 'Cedar cutting board', 'Sonic electric toothbrush', 'Halo baby monitor', 'Metro commuter bag',
  'Zen aroma diffuser', 'Crisp air fryer', 'Terra plant pots (set of 3)', 'Polar insulated mug', 'Swift e-scooter', 'Mosaic puzzle 1000 pieces', 'Canvas sneakers',
];

/** A problem: how its subjects and queries read ({p}: the product, {o}: the order name). */
export interface Problem {
  readonly subjects: readonly string[];
  /** The sentence that says what is wrong (the query's first, after any greeting). */
  readonly openings: readonly string[];
  readonly details: readonly string[];
  /** How often customers write about it (weights). */
  readonly weight: number;
  /** Whether the ticket names an order (most problems are about one). */
  readonly orderShare: number;
}

export const PROBLEMS: readonly Problem[] = [
  {
    weight: 14, orderShare: 0.95,
    subjects: ['Where is my order {o}?', 'Order {o} not arrived yet', 'Late delivery', 'Still waiting for my {p}', 'Tracking not updating for {o}'],
    openings: ['My order {o} was due last week and has not arrived.', 'I ordered the {p} ten days ago and it still has not come.', 'The tracking for {o} has not moved since Monday.'],
    details: ['The courier says it left the depot.', 'I need it before the weekend.', 'Nobody was home but there was no card left.', 'It is a gift, so it matters.'],
  },
  {
    weight: 12, orderShare: 0.95,
    subjects: ['{p} arrived damaged', 'Damaged item in order {o}', 'Broken {p}', 'Item damaged in transit', 'Re: damaged {p}'],
    openings: ['The {p} from order {o} arrived with a crack in it.', 'My {p} came broken, the box was crushed.', 'One of the items in {o} is damaged.'],
    details: ['I have photos of the box and the item.', 'Can you send a replacement?', 'I would prefer a refund.', 'The packaging looked fine from outside.'],
  },
  {
    weight: 11, orderShare: 0.9,
    subjects: ['Refund request for {o}', 'Refund not received', 'When will I get my refund?', 'Request refund - {p}', 'Money back for returned {p}'],
    openings: ['I returned the {p} two weeks ago and have not seen the refund.', 'I would like a refund for order {o}.', 'You confirmed my return of {o} but the money is not back.'],
    details: ['I paid by card.', 'The return label number is on the receipt.', 'It has been more than 14 days.', 'Please refund to the original payment method.'],
  },
  {
    weight: 9, orderShare: 0.9,
    subjects: ['Wrong item received', 'Wrong size in order {o}', 'Received someone else\'s order', 'Exchange {p} for another size', 'Wrong colour {p}'],
    openings: ['I ordered the {p} in black but got grey.', 'Order {o} contained the wrong size.', 'The parcel had an item I did not order instead of my {p}.'],
    details: ['Can I exchange it?', 'Please tell me how to send it back.', 'I still need the right one by Friday.', 'The label on the box was mine.'],
  },
  {
    weight: 8, orderShare: 0.85,
    subjects: ['Missing part', 'Part missing from {p}', 'Incomplete order {o}', 'No charger with my {p}', 'Screws missing'],
    openings: ['The {p} came without the charging cable.', 'Order {o} is missing one of the three items.', 'There are no screws in the box of my {p}.'],
    details: ['Can you send the part alone?', 'The manual lists it but it is not there.', 'Everything else is fine.'],
  },
  {
    weight: 8, orderShare: 0.95,
    subjects: ['Cancel order {o}', 'Please cancel my order', 'Cancellation request', 'Change my mind about the {p}'],
    openings: ['Please cancel order {o}, I ordered it twice by mistake.', 'I want to cancel the {p} I ordered yesterday.', 'Can you stop order {o} before it ships?'],
    details: ['It has not shipped yet according to the app.', 'I found it cheaper elsewhere, sorry.', 'Please confirm by email.'],
  },
  {
    weight: 7, orderShare: 0.7,
    subjects: ['{p} stopped working', '{p} not turning on', 'Problem with my {p}', 'Warranty claim - {p}', '{p} making a noise'],
    openings: ['My {p} stopped working after three weeks.', 'The {p} does not turn on any more.', 'The {p} makes a loud buzzing noise.'],
    details: ['I tried another socket.', 'I charged it overnight.', 'It is still under warranty.', 'I followed the reset steps in the manual.'],
  },
  {
    weight: 7, orderShare: 0.8,
    subjects: ['Invoice for order {o}', 'Need a VAT invoice', 'Copy of receipt', 'Invoice address wrong'],
    openings: ['Could you send me an invoice for order {o}?', 'I need a VAT invoice with my company name for the {p}.', 'The invoice for {o} has the wrong address.'],
    details: ['My company needs it for expenses.', 'Our VAT number is in my account.', 'A PDF is fine.'],
  },
  {
    weight: 6, orderShare: 0.6,
    subjects: ['Charged twice', 'Double payment for {o}', 'Payment failed but money taken', 'Question about a charge'],
    openings: ['I was charged twice for order {o}.', 'My card shows two payments for the {p}.', 'The payment failed at checkout but my bank took the money.'],
    details: ['I attached the bank statement.', 'Please refund the second charge.', 'It was on the 3rd.'],
  },
  {
    weight: 6, orderShare: 0.95,
    subjects: ['Change delivery address', 'Wrong address on order {o}', 'Deliver to my work instead', 'Update address for {o}'],
    openings: ['I put the wrong address on order {o}.', 'Can you deliver the {p} to my office instead?', 'I moved last week; please change the address for {o}.'],
    details: ['The new address is in my account.', 'The flat number is missing.', 'It has not shipped yet.'],
  },
  {
    weight: 5, orderShare: 0.4,
    subjects: ['Discount code not working', 'Promo code rejected', 'Coupon did not apply', 'Price dropped after I bought the {p}'],
    openings: ['The code from your newsletter does not work at checkout.', 'I bought the {p} and the price dropped the next day.', 'My coupon was not applied to order {o}.'],
    details: ['The code is WELCOME10.', 'Can you refund the difference?', 'It says the code has expired but the email says it is valid.'],
  },
  {
    weight: 4, orderShare: 0.1,
    subjects: ['Cannot log in', 'Password reset email not arriving', 'Account locked', 'Change email on my account'],
    openings: ['I cannot log in to my account.', 'The password reset email never arrives.', 'My account says it is locked.'],
    details: ['I checked the spam folder.', 'I use the same email as always.', 'I need to see my orders.'],
  },
  {
    weight: 3, orderShare: 0.05,
    subjects: ['Question about the {p}', 'Is the {p} compatible?', 'How do I clean the {p}?', 'Size advice for {p}'],
    openings: ['Is the {p} dishwasher safe?', 'Does the {p} work with 110 V?', 'Which size of the {p} should I order?'],
    details: ['I could not find it on the product page.', 'I am between two sizes.', 'Thanks in advance.'],
  },
];

export const GREETINGS: readonly string[] = ['', '', '', 'Hi, ', 'Hello, ', 'Hi there, ', 'Good morning, ', 'Dear support, '];
export const CLOSINGS: readonly string[] = ['Thanks', 'Thank you', 'Regards', 'Best', 'Cheers', 'Kind regards', 'Many thanks'];
