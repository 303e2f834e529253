/* The companies' public module: who belongs to which company, in which role, and who sells as whom. */
export { membersOf, membershipOf, requireMembership, type Membership } from './repository.js';
export {
  actingSeller,
  companyNames,
  isCompanySeller,
  mayAct,
  requirePermission,
  rolesSentence,
  sellerOf,
  sellerOfMember,
  type Seller,
} from './seller.js';
