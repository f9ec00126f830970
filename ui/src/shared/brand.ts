/** The product name as users see it in the header, page titles and mails. */
export const PRODUCT_NAME = 'Athletics Compliance';
