export * from './ticket-filters';
export * from './date-bounds';
export * from './ticket-document';
export * from './ticket-query-scope';
export * from './filter-clauses';
export * from './compile-ticket-query';
export * from './list-request';
export * from './list-page';
