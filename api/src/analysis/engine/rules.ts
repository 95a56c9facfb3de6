import type { ClauseCode } from "@clausewise/shared";

/**
 * What makes a passage one clause type. Patterns run over folded (lower-case, ASCII-quote) text.
 * A passage scores the weight of every body pattern that matches (each once), the heading weight for
 * its own heading (less for an enclosing article's), less the negative patterns; it carries the code
 * at `threshold` (default 3). `gate`, when set, must match the body unless the clause's own heading names
 * the type: the code is never inferred from loose context (an "uncapped" label needs words that say so).
 */
export interface ClauseRule {
  heading: RegExp[];
  body: [RegExp, number][];
  negative?: [RegExp, number][];
  gate?: RegExp;
  threshold?: number;
}

const PARTY = String.raw`(?:owner|company|client|employer|purchaser|buyer|customer|principal|contractor|subcontractor|supplier|consultant|vendor|seller|service provider)`;
const LIABILITY_LIMIT = String.raw`(?:(?:shall|will|does|do|must|can|is|are)\s+(?:in (?:the )?aggregate\s+)?(?:not|in no (?:case|event|circumstances?)|under no circumstances)|cannot|not to|not)(?:,? (?:under any circumstances|in any (?:event|case)),?)?\s+(?:in (?:the )?aggregate\s+)?(?:exceed|be (?:greater|more) than|be in excess of)`;

export const CLAUSE_RULES: Record<ClauseCode, ClauseRule> = {
  limitation_of_liability: {
    heading: [/limitation(s)? (of|on) (\w+'s )?liabilit/, /\bliability (cap|limit)/, /maximum liabilit/, /^(overall|aggregate|total) (limit|cap)s?$/, /^(aggregate |overall |total )?(liability )?cap$/, /limits? (of|on) liabilit/, /exclusions? and limitations?/, /\bcap on liabilit/],
    body: [
      [new RegExp(String.raw`(total|aggregate|maximum|cumulative|overall|entire|whole) (aggregate )?liabilit[^.]{0,160}${LIABILITY_LIMIT}`), 4],
      [new RegExp(String.raw`liabilit[^.]{0,200}${LIABILITY_LIMIT}`), 2],
      // "The maximum liability of one Party to the other … will be [***] ("Liability Cap")", "… shall be $5,000,000"
      [/(total|aggregate|maximum|cumulative|overall|entire) (aggregate )?liabilit[^.]{0,160}\b(shall|will) be (limited to |capped at )?(\$|\[|(us|cdn?|c)\$|\d|an amount|the (amount|sum|total|fees|greater|lesser))/, 4],
      [/liabilit(y|ies)[^.]{0,160}(shall|will|is|are) (be )?(limited|capped|restricted) (to|at)\b/, 4],
      [/(not|no) (be )?liab(le|ility)[^.]{0,60}(for any amount )?(in excess of|beyond|exceeding|greater than)/, 4],
      [/(aggregate|total|maximum)[^.]{0,80}\bliable\b[^.]{0,80}(limited|capped|restricted) (to|at)\b/, 4],
      [/(total|aggregate|maximum) (amount|sum)[^.]{0,60}(recoverable|payable|of all liabilit)[^.]{0,160}(limited to|not exceed|capped at)/, 4],
      [/\b(cap on|limit on|limitation on|limitation of) ([a-z']+ )?(total |aggregate )?liabilit/, 2],
      [/\bliability cap\b/, 2],
      [/in no (event|case) (shall|will)[^.]{0,100}liab[^.]{0,200}(exceed|more than|in excess of|greater than)/, 4],
      // the damages or compensation one party can recover, capped without the word "liability"
      [/(?<!liquidated |delay |performance |\blds? )(damages|compensation)( of any kind| of every kind| whatsoever)?[^.]{0,80}(shall|will) (in no (event|case) )?(be )?(capped at|limited to(?! direct)|not exceed|in no (event|case) exceed)/, 3],
      // a reference to the cap itself ("the cap in Section 14.2 does not apply to ...")
      [/\bthe (aggregate |overall |liability )?caps? (on liability |of liability )?(in|under|set out in|of) (section|article|clause|sub-?clause|gc|paragraph)\b/, 3],
      [/whether (arising |based )?(in |on )?contract,? (in )?(warranty,? |indemnity,? )*(in )?tort|(contract|tort),? \(?(including negligence|negligence)|strict liability or otherwise/, 1],
      [/\b(the|these) (limitations?|caps?) (in|of|under|set out in) this (article|section|clause)/, 1.5],
    ],
    negative: [
      [/liability for (delay |performance |these |such |the )?(liquidated damages|lds)\b[^.]{0,60}(not|capped|limited)/, -4],
      [/(liquidated damages|lds)(?![^.]{0,60}(all|any) other)[^.]{0,60}(shall not|will not|not to) exceed/, -2],
      [/liability insurance|limits? of not less than/, -1.5],
      [/limited to the amount[^.]{0,60}(recovers?|receives?|is paid|has been paid)/, -3],
    ],
  },

  uncapped_liability: {
    heading: [/unlimited liabilit|uncapped|exceptions? to (the )?(limitation|cap)|exclusions? from (the )?(limitation|cap)/],
    gate: /unlimited|uncapped|no (limit|cap)s? (on|to)|(responsible|liable) without limit|not (operate|serve|act) to (limit|restrict|reduce|cap)|without (any )?(monetary |financial )?(limit|cap)(?!ation)\b|not (be )?(limited|capped|subject to|restricted)|(do|does|shall|will) not (apply|limit)|nothing in this|notwithstanding|except(ing)? (for )?(liability|in (the )?(case|event|respect) of|for|with respect to|that)|other than (liability|in respect)|excluded from (the|any) ([a-z]+ ){0,2}(cap|limit)|carve[- ]?outs?|in addition to (the|any) (cap|limit)|outside (the|any) (cap|limit)/,
    body: [
      [/(unlimited|uncapped) (in amount|liabilit)|liabilit[^.]{0,100}(shall|will|is|are) (be )?(unlimited|uncapped)/, 5],
      [/liabilit[^.]{0,120}without (any )?(monetary |financial )?(limit|cap)(?!ation)\b/, 4],
      [/liabilit[^.]{0,140}(shall|will|is|are) not (be )?(limited|capped|subject to (the|any) (limit|cap|limitation|maximum))/, 4],
      [/(limitations?|caps?|exclusions?|limits?)( and (exclusions?|limitations?))?( (of|on) liability)?( (in|under|set out in|contained in|of) (this|section|article|clause|the agreement)[^.]{0,40})? (do|does|shall|will) not apply (to|in)/, 4],
      [/nothing in this (agreement|contract|subcontract|section|article|clause)[^.]{0,60}(limits?|excludes?|restricts?)[^.]{0,60}liabilit/, 4],
      [/(shall|will|do|does) not (be subject to|count towards|apply to|limit|restrict)[^.]{0,40}(aggregate )?(cap|limit|limitation)s?\b|(limitation|cap|limit)s? [^.]{0,50}(shall|will|do|does) not (limit|restrict|reduce) [^.]{0,40}liabilit/, 4],
      [/^[^.]{0,20}except (in the case of|for|with respect to)[^.]{0,80}(fraud|gross negligence|wil+ful)[^.]{0,160}liabilit[^.]{0,100}(exceed|limited|capped)/, 3],
      [/liabilit[^.]{0,80}(is|are|shall be) not (capped|limited)|(not capped|without limit)\b/, 3],
      [/notwithstanding[^.]{0,100}(limitation|cap|maximum)[^.]{0,100}(liable|liabilit|responsib)/, 3],
      [/(shall|will|do|does) not (operate|serve|act) to (limit|restrict|reduce|cap)[^.]{0,60}liabilit|no (limit|cap|limitation) (on|to) [^.]{0,40}liabilit|(fully |remains )?(responsible|liable) without limit(ation)?/, 4],
      [new RegExp(String.raw`(not exceed|limited to|capped at)[^.]{0,300}\bexcept(ing)? (for |in (the )?(case|respect) of |with respect to |to the extent of )?(liability )?(arising )?(from |for |out of )?[^.]{0,80}(gross negligence|wil+ful|fraud|indemnit|third[- ]party claims|death|bodily injury|environmental|confidential)`), 3],
      [/(excluded|carved out) from (the|any) (aggregate |overall )?(liability )?(cap|limit|limitation)|shall not (count|be counted) (towards?|against) (the|any|it)|in addition to (the|any) (cap|limit|limitation)|outside (the|any) (cap|limit)/, 4],
      [/(gross negligence|wil+ful misconduct|wil+ful default|fraud)/, 0.5],
    ],
    negative: [[/(liquidated damages|lds)[^.]{0,80}(do|does|shall) not (limit|apply)/, -2]],
  },

  indemnity: {
    heading: [/indemnit|hold harmless|save harmless/],
    body: [
      [/\bindemnif(y|ies|ied|ying)\b/, 3],
      [/\b(hold|holds|save|saves|keep|keeps) (\w+ ){0,3}(harmless|indemnified)\b/, 3],
      [/(obligations?|liabilit(y|ies)) (under|pursuant to) (this|the|its|any) indemnit/, 2],
      [/\bindemnit(y|ies|ee|ees|or)\b/, 1.5],
      [/\bdefend\b[^.]{0,40}\b(indemnif|harmless)/, 1],
      [/(third[- ]party|third parties') claims?|claims? (by|of|from|brought by) (a )?third part(y|ies)/, 1],
      [/\b(protect|defend|save|release)s?,? (and (agrees? to )?(protect|defend|indemnify|save|release) )?(the )?[a-z ]{0,30}[^.]{0,20}(from|against) (any and )?(all )?(losses|claims|liabilit|damages|demands|suits)\b/, 3],
      [/(assume|undertake|conduct)s? the defen[cs]e of|defend (any|all) (suits?|claims|actions)|(suit|action|proceeding|demand)s? (brought |made |asserted )?(against [a-z]+ )?by (a |any )?third part/, 2],
      [/(reimburse|compensate|make good)[^.]{0,80}(loss|losses|costs?|damages?|expenses?)[^.]{0,80}(arising|resulting|as a result of|caused by)[^.]{0,40}(claim|action|suit|demand)/, 2],
      [/from and against (any and )?all (claims|losses|liabilit)/, 1.5],
    ],
    negative: [
      [/\b(insurers?|underwriters?|polic(y|ies)|coverage)\b[^.]{0,80}\bindemn/, -2.5],
      [/indemnity (insurance|limit|basis|polic)|professional indemnity|principals?'? indemnity|indemnity to principals?/, -3],
      [/(limitations?|caps?) [^.]{0,60}(do|does|shall) not apply[^.]{0,120}indemnit/, -2],
    ],
  },

  liquidated_damages: {
    heading: [/liquidated damages|\blds\b|delay damages|\bpenalt(y|ies)\b|damages for (delay|late)/],
    body: [
      [/liquidated damages|\blds\b|liquidated and ascertained/, 2],
      [/\b(shall|will|must) (pay|be liable (for|to pay))[^.]{0,80}(liquidated (and ascertained )?damages|\blds\b)|(liquidated (and ascertained )?damages|\blds\b) (of|in the (amount|sum) of|at the rate of|equal to|calculated at|in an amount)/, 3],
      [/(payment|deduction|recovery) of (the |any )?(liquidated damages|lds)\b|(liquidated damages|\blds\b) (are|is|shall be) (payable|due|recoverable|deducted)/, 1.5],
      [/(price reduction|reduction (in|of) the (contract |purchase |order )?price)[^.]{0,60}(per|for each|for every) (complete |full )?(day|week)|(for|per) (each|every) (calendar )?(day|week)[^.]{0,40}(between|after|beyond|from) the (date for completion|completion date|time for completion|contract time|scheduled|guaranteed|milestone|delivery date)/, 3],
      [/(genuine )?pre-?estimate|(reasonable|fair|genuine) (estimate|forecast) of[^.]{0,60}(damages|loss)|difficult (or impossible )?to (ascertain|calculate|determine|quantify|estimate)/, 2],
      [/(pay|payable|liable for|deduct|recover)[^.]{0,60}\bdelay damages\b|\bdelay damages\b[^.]{0,40}(payable|at the (daily |weekly )?rate|of \$|for each|per (day|week))/, 3],
      [/(sum|amount) of \$?[\d,.]+[^.]{0,30}(per|for each|for every|a|each) (calendar |working )?(day|week)[^.]{0,120}(delay|late|incomplete|beyond|after the)/, 3],
      [/(is|are|be) not (intended as |to be construed as )?(a )?penalt|and not (as )?a penalty|not by way of penalty/, 2],
      [/(for|per) (each|every) (calendar |full |working |business )?(day|week)(,? or part(ial)? (thereof|of a (day|week)))? (of|that|by which)[^.]{0,40}(delay|late|exceed|fails)|per (calendar )?day of delay/, 1.5],
      [/(penalty|penalties|delay damages) (of|for|in the amount of)[^.]{0,60}(per|each|every|for each) (day|week)/, 3],
      [/(liability for|total|aggregate|amount of|maximum) [^.]{0,20}(liquidated damages|\blds\b)[^.]{0,80}(exceed|capped|limited|maximum)/, 2],
      [/sole and exclusive (monetary )?remedy for (delay|the delay|late|failure)|exclusive remedy for delay/, 1.5],
    ],
    negative: [
      [/except(ing)?( that| for)?[^.]{0,50}(liquidated damages|\blds\b)/, -1.5],
      [/including (without limitation )?(any )?(liquidated damages|\blds\b)/, -1],
    ],
  },

  consequential_damages: {
    heading: [/consequential|indirect (loss|damage)|(exclusion|waiver|limitation) of (certain )?(damages|losses|loss)|mutual waiver|economic loss/],
    body: [
      [/consequential (loss|losses|damage|damages)|consequential or (indirect|special|incidental)|(indirect|special|incidental),? (or|and) consequential/, 3],
      [/(special|incidental|indirect|punitive|exemplary)(,? (or |and )?(special|incidental|indirect|punitive|exemplary|consequential))+ (loss|losses|damage|damages)/, 3],
      [/(limited to|only|solely) (for )?direct (damages|loss|losses)/, 2],
      [/\bindirect (loss|losses|damage|damages)\b/, 2],
      [/loss of (profit|profits|revenue|revenues|production|product|use|business|opportunity|contracts?|goodwill|anticipated (profit|savings)|sales|pulp sales|margin|throughput|hydrocarbons|output|income|reputation)|lost profits?|\bdowntime\b/, 1.5],
      [/(does not|do not) arise naturally|remote (or unforeseeable )?(loss|losses|damages)|not reasonably foreseeable/, 3],
      [/business interruption|punitive|exemplary|economic loss|anticipated savings|cost of capital/, 1],
      [/loss of [a-z]+( [a-z]+)?,? (or |and )?(any )?loss of /, 1.5],
      [/\b(no|not)\b[^.]{0,30}(liab|responsib)[^.]{0,100}(lost profits?|loss of (profits?|use|production|revenue|anticipated|throughput|hydrocarbons|output)|downtime)|no claim (may|shall) be made[^.]{0,100}(lost profits?|loss of (profits?|use|production|revenue))/, 2],
      [/(neither party|no party|in no event|not be liable|shall not be liable|waives?)[^.]{0,120}(consequential|indirect|loss of profit)/, 1],
    ],
    negative: [
      [/consequential (amendments?|changes?|adjustments?|upon|on|to the|thereon)\b/, -3],
      [/\bconsequentially\b/, -1],
      // the profit on work a termination for convenience leaves unperformed is not a consequential loss
      [/(profits?|overhead)[^.]{0,30}on (the )?(work|services|portion|balance)[^.]{0,30}not (performed|done|completed|yet performed)/, -2],
    ],
  },

  termination_for_convenience: {
    heading: [/(termination|terminate|cancellation) (\w+ ){0,3}(for|at) (its |their |the [a-z]+'s )?(own )?convenience|convenience|termination without cause|termination for any reason/],
    body: [
      [/terminat[^.]{0,120}for (its|their|the [a-z]+'s|any party's)? ?(own |sole )?convenience|for (its|their) (own )?convenience[^.]{0,80}terminat|\bconvenience terminat/, 4],
      [/terminat[^.]{0,80}(for any reason( or no reason)?|for no reason|without cause|at its (sole |absolute )?(discretion|option)|for reasons other than)/, 4],
      [/(at|in) (its|their) (sole |absolute |own )?(and (absolute|unfettered) )?(discretion|option),? (to )?terminat|terminat[^.]{0,120}\b(its|their) (own |sole )?convenience/, 4],
      [/(either party|the (owner|company|client|buyer|purchaser|principal|customer|contractor|employer)) may[^.]{0,20}terminate (this|the) [a-z ]{0,30}(agreement|contract|order|subcontract|services)[^.]{0,40} (on|upon|by giving|with) [^.]{0,30}notice/, 3],
      [/(without cause|for any reason( or (for )?no reason)?|for no reason|at (its|their) (sole |absolute )?(discretion|option))[^.]{0,60}terminat/, 4],
      [/(terminat|end|cancel|discontinue)[^.]{0,60}(\bat will\b|without (giving )?(any )?reasons?)|(\bat will\b|without (giving )?(any )?reasons?)[^.]{0,60}(terminat|end|cancel)|terminat[^.]{0,60}without (the )?[a-z-]+ being in (breach|default)/, 4],
      [/terminat[^.]{0,80}(whether or not[^.]{0,40}(is |be )?in default|(other than|not) (for|by reason of|due to|as a result of) (the |a |any )?([a-z]+'s )?(default|cause|breach))/, 3],
      [/(may|right to) cancel (this|the) [a-z ]{0,20}(order|agreement|contract)[^.]{0,60}(at any time|for (its )?convenience)/, 4],
      [/(anticipated|lost|prospective) profits? on (the )?(portion of the |balance of the |part of the )?(work|services)[^.]{0,20}not (performed|done|completed)[^.]{0,80}terminat/, 3],
      [/(may|is entitled to|shall have the right to)[^.]{0,30}terminat[^.]{0,60}at any time[^.]{0,60}notice/, 2.5],
      [/termination for convenience|terminat(ed|ion) (by the [a-z]+ )?(for|on) convenience/, 3],
      [/(anticipated|lost) profits? on (the )?(work|services) not (performed|done)|termination (fee|costs)|(demobili[sz]ation|cancellation) (costs?|charges|fees?)/, 1],
    ],
    negative: [[/bankrupt|insolven|creditors|receivership|winding[- ]up/, -3]],
  },

  termination_for_default: {
    heading: [/(termination|terminate) (\w+ ){0,3}(for|on|upon) (\w+ )?(default|cause|breach|insolvency)|\bdefault\b|events? of default|termination by (the )?(contractor|subcontractor|supplier|consultant|owner|company)|\bbreach\b|right to terminate/],
    body: [
      [/terminat[^.]{0,160}(default|breach|insolven|bankrupt|receivership|fail(s|ure|ed)? to (remedy|cure|rectify|correct|pay|perform|comply))/, 3],
      [/(default|breach|insolven|bankrupt|receiver|benefit of (its )?creditors|abandon|fails? to (pay|perform|remedy|cure|comply|supply|provide|maintain|proceed|prosecute|carry out|deliver))[^.]{0,220}(may|shall be entitled to|is entitled to|has the right to|right to)[^.]{0,80}(terminat|cancel (the|this)|end (the|this)|take (the )?(work|works) out of)/, 3],
      [/terminat(e|ion)?[^.]{0,20}for cause|\bfor cause\b/, 3],
      [/neglects to (prosecute|carry out|perform)|fails to comply with the requirements of the contract|(correct|cure|remedy) (a|the|any|such) default/, 2],
      [/(purchase|procure|obtain) (substitute|replacement) (goods|equipment|services|materials)|cancel the (order|purchase order)[^.]{0,60}(expense|cost)/, 1.5],
      [/fail(s|ure)? to (remedy|cure|rectify|correct|begin to correct)[^.]{0,80}within|(cure|remedy|rectification) period/, 1.5],
      [/events? of default|\bdefaulting party\b|\b(is|be|are) in default\b/, 2],
      [/take (over|possession of) (the )?([a-z]+ )?(site|work|services|any part)|complete (the (work|services|subcontract work)|it) (by other means|itself|using others)|cost of completion|(excess|additional) costs? of complet|out of the [a-z]+'s hands|by other means at the/, 1.5],
      [/materially breach|material breach|abandons?|persistently fails/, 1],
      [/(suspend|terminate)[^.]{0,40}(if|where) the [a-z]+ fails to pay/, 2],
    ],
    negative: [[/(other than|not be (construed|deemed|treated) as a termination for) (default|cause)|(other than|not) (for|by reason of|due to) (the |a |any )?([a-z]+'s )?(default|cause|breach)|whether or not[^.]{0,40}in default|without (the )?[a-z-]+ being in (breach|default)|(terminat[^.]{0,60}|at any time )without cause|without cause[^.]{0,40}terminat/, -4]],
  },

  payment_terms: {
    heading: [/\bpayments?\b|invoic|compensation|contract price|subcontract price|contract sum|\bprice\b|progress (claims|billing)|\bfees\b|\brates\b|\bbilling|set-?off|back-?charges?|rate adjustment|escalation/],
    body: [
      [/(shall|will|must) (pay|settle|remit)[^.]{0,160}(within|no later than|not later than|not more than)\s[^.]{0,40}(days|business days|working days)\b/, 4],
      [/\b(payments?|invoices?|progress claims?|fees?)\b[^.]{0,80}(due|payable|paid|made|remitted|settled) (by [a-z ]{0,30})?(within|no later than|not later than|on|net)\b/, 3],
      [/(not paid when due|amounts? (not paid|outstanding|in arrears))[^.]{0,80}interest|interest[^.]{0,60}(from the due date|until paid|prime rate|bank rate)/, 3],
      [/(contract|subcontract|purchase|agreement) (price|sum) (is|shall be|of)[^.]{0,30}(fixed|firm|lump|stipulated|\$)/, 2],
      [/(shall|will) pay (to )?(the )?(contractor|consultant|subcontractor|supplier|vendor|seller|service provider)?[^.]{0,40}\b(the )?(contract price|contract sum|subcontract price|cost of the work|fees?|purchase price)\b/, 2],
      [/guaranteed maximum price|\bgmp\b|statutory declarations?|\d+ ?% (on|upon) (approval|delivery|completion|mechanical|acceptance|signing|execution|shipment)/, 1.5],
      [/payable (in|by) [^.]{0,40}instal+ments|(monthly|quarterly|annual|equal) instal+ments|(payable|paid|invoiced) (monthly )?in (advance|arrears)|electronic funds transfer|\beft\b|wire transfer|direct deposit|(remit|make) payments?/, 2],
      [/(rates|prices|fees)[^.]{0,100}(adjusted|escalated|increased|revised) (annually|yearly|each year|by)/, 1.5],
      [/\binvoic(e|es|ed|ing)\b|proper invoice|progress (claim|billing|payment)s?|application for payment|payment (application|certificate|claim)s?/, 1.5],
      [/(overdue|late|unpaid) (undisputed )?(amounts?|payments?|invoices?)[^.]{0,80}interest|interest (on|at)[^.]{0,80}(overdue|late|unpaid|prime|per (annum|year|month))/, 3],
      [/\bnet (\d+|thirty|sixty|forty-five) (days)?\b/, 3],
      [/\b(due and payable|payable|due|paid) (within |no later than |not later than )?(\w+ |\(\d+\) ){1,3}(calendar |business |working )?days\b/, 3],
      [/(submit|submitted|issue|render)[^.]{0,20}(invoices?|an account|accounts|statements? of account)|invoices? (shall|must) (be submitted|include|reference|state)/, 1.5],
      [/consumer price index|\bcpi\b|price adjustment|escalation|(rates|prices) (in|set out in|of) (the )?(schedule|exhibit|appendix|rates schedule)/, 1.5],
      [/(gst|hst|pst|qst|goods and services tax|harmonized sales tax)[^.]{0,80}(invoice|paid|pay|payable)/, 2],
      [/canadian (dollars|funds)/, 1],
      [/undisputed (amount|portion|part|balance)|disputes? (all or )?(any )?part of (an?|the) (proper )?invoice/, 1.5],
      [/lump[- ]sum|stipulated (price|sum|amount)|unit (rates|prices)|(hourly|daily) (labour |labor )?rates|cost plus|reimbursable|time[- ]and[- ]materials|schedule of rates|rates schedule/, 1.5],
      [/(milestone|monthly|progress) payments?|payment (schedule|milestones?)/, 1.5],
      [/\bset[- ]off\b|\bbackcharges?\b|deduct from (any )?amounts? (otherwise )?(payable|due)/, 1.5],
    ],
    negative: [
      [/\baudit/, -1],
      [/\b(holdback|retainage|retention money|retention monies)\b/, -1.5],
      [/\b(liquidated damages|lds)\b/, -1.5],
      [/(changes?|variations?) (shall|will) be valued|valuation of (changes|variations)/, -2],
      [/shortfall|take[- ]or[- ]pay|minimum (annual |monthly |quarterly )?(volume|quantity|purchase)/, -1.5],
    ],
  },

  pay_when_paid: {
    heading: [/pay[- ](when|if)[- ]paid|paid[- ]when[- ]paid|back[- ]to[- ]back payment/],
    body: [
      [/pay[- ]when[- ]paid|pay[- ]if[- ]paid|paid[- ]when[- ]paid|paid[- ]if[- ]paid/, 4],
      [new RegExp(String.raw`\b(within|no later than|not later than|after|following|until|upon|on|once|only when)\s[^.]{0,60}(receipt (by the [a-z]+( [a-z]+)? )?of|receiv(es|ing|ed)|has received|actually receive[sd]?|has been paid|is (itself )?paid)\s(of )?(the )?(corresponding |related |equivalent )?(payment|funds|monies|money|amounts?|fees|sums)?[^.]{0,40}(from|by) (the )?(?:(?:project|prime|head|ultimate) )?${PARTY}`), 4],
      [/(receipt|payment|paid|funds)[^.]{0,20}(from|by) (the )?(project )?(owner|client|customer|employer)[^.]{0,100}(condition precedent|conditional|contingent)/, 4],
      [/(conditional|contingent|condition precedent|dependent)[^.]{0,120}(owner|client|customer|employer)'?s? (payment|paying|having paid)/, 4],
      [/look (solely|only|exclusively) to[^.]{0,40}(monies|moneys|funds|payments?)|(only|solely) (out of|from|to the extent of)[^.]{0,60}(funds|monies|moneys|payments?|amounts?) (actually )?(received|paid)/, 4],
      [/(risk|risks) (of|that)[^.]{0,30}(owner|client|customer|employer)[^.]{0,30}(non-?payment|fail(s|ure)? to pay|insolven)/, 3],
      [/(payment|paid) (from|by) the (project |prime |head |ultimate )?(owner|client|customer|employer)[^.]{0,40}(is|shall be|will be) a condition precedent/, 4],
      [/(conditional|contingent|condition precedent|dependent)[^.]{0,120}(receipt|receiv(es|ing|ed)|being paid|payment (from|by) the)/, 4],
      [/(await|awaits|subject to) (the )?(receipt of )?(payment|funds) (from|by) the (owner|client|customer)|await the (owner|client|customer)'s payment/, 4],
      [/(not|no) (be )?(obliged|obligated|required|liable|bound|obligation|entitled) to (make |receive |any )?pay(ment)?[^.]{0,100}(until|unless)[^.]{0,80}(paid|receive|receipt)/, 4],
      [/back[- ]to[- ]back (payment|basis)/, 2],
      [/limited to the amount[^.]{0,60}(recovers?|receives?|is paid)[^.]{0,20}from the/, 3],
    ],
    negative: [
      [/(not|no|never) (be )?(conditional|contingent|dependent) (up)?on[^.]{0,60}(receipt|payment|being paid)/, -6],
      [/regardless of (whether|receipt)[^.]{0,60}(paid|payment|receipt)/, -6],
    ],
  },

  holdback: {
    heading: [/holdback|retention|retainage|hold[- ]back/],
    body: [
      [/\bholdbacks?\b|\bretainage\b|retention (money|monies|amount|sum|fund)/, 2],
      [/\bretention\b/, 1],
      [/(withhold|retain|hold back|keep back)[^.]{0,80}(legal hypothec|liens?|lien act|lien period|construction act|prompt payment)/, 2],
      [/(\d+ ?%|per ?cent|percent)[^.]{0,60}(withheld|retained|held back|kept back)|(withheld|retained|held back|kept back)[^.]{0,80}(released|paid|payable) (on|upon|after|when)/, 2],
      [/(retain|withhold|deduct|hold back|keep back|keep)[^.]{0,60}(holdback|retention|retainage|(\d+ ?%|per ?cent|percent))/, 2],
      [/(holdback|retention|retainage)[^.]{0,40}(of|equal to|at the rate of|amounting to) [^.]{0,30}(\d+ ?%|per ?cent|percent)/, 2],
      [/(release|payment|pay) (of )?(the )?(basic |finishing |statutory )?(holdback|retention|retainage)|(holdback|retention|retainage)[^.]{0,60}(shall|will|may) be (released|paid)/, 2],
      [/lien period|period for (registering|preserving|filing|perfecting) (a )?liens?|(builders'?|builders|mechanics'?|the) liens? act|construction lien|construction act|claims? of lien|legal hypothec/, 1],
      [/certificate of (substantial (performance|completion)|completion)|holdback account|publication of/, 0.5],
    ],
    negative: [
      [/retention of (records|documents|data|books|personnel|staff|key personnel|title)|records? retention|retain (its |all |the |such )?(records|documents|copies|ownership|title|the right|rights|copy)/, -3],
      [/less (the |any )?(applicable |required )?(holdback|retention)/, -1],
    ],
  },

  change_orders: {
    heading: [/\bchanges?\b(?! (of|in) control)|variations?|\bextras?\b|(work|purchase) order amendments?|amendments? to (work orders?|purchase orders?|the scope)|change orders?|change directives?|extra work|additional work|scope changes?/],
    body: [
      [/change orders?|change directives?|variation orders?|variation instructions?|change notices?|change requests?|field orders?|site instructions?/, 2],
      [/(may|shall|can|is entitled to|reserves the right to)[^.]{0,40}(order|issue|direct|instruct|request|require|make|propose)[^.]{0,60}(changes?|variations?|additions|deletions|alterations|modifications)/, 2],
      [/(constitutes?|deemed|treated as|valued as|considered) (to be )?(not to be )?a change\b/, 2],
      [/(changes?|variations?|modifications?|alterations?) (may|shall|can) be (initiated|instructed|ordered|requested|directed|proposed)|(request|propose|require|order)s? (a |any )?(change|variation|modification|alteration)s? (to|in) (the )?(scope|work|services)/, 3],
      [/\b(alter|add to|omit|vary|modify|increase or (decrease|reduce))\b[^.]{0,40}(any part of |the )?(the )?(works?|services|scope|quantit)|(entitled to|shall be) an (equitable )?adjustment (of|in|to) the (contract |subcontract )?(price|sum|time)|revised scope|scope (changes?|revisions?)/, 2],
      [/(may|shall)[^.]{0,30}by (an |written )?(instruction|written order|change order|directive)/, 1.5],
      [/within the general scope|changes? (in|to) (the )?(drawings|specifications|designs?|quantities|method of shipment|place of delivery|delivery schedule)|(work|purchase|service|change) orders? may (only )?be (amended|varied|modified|changed)|amended only by/, 2],
      [/(effect|impact) (of the (change|variation|modification) )?on (the )?(contract |subcontract )?(price|cost|schedule|time)/, 1.5],
      [/(ordered|authori[sz]ed|approved|instructed) in writing/, 1],
      [/\b(directive|instruction)s?\b[^.]{0,80}(valuation|adjustment|price)|pending (agreement|determination) (on|of) (the )?(valuation|price|adjustment)/, 2],
      [/quantit(y|ies)[^.]{0,80}(var(y|ies|iation)|exceed|differ)[^.]{0,80}(unit (price|rate)|revised|adjust)/, 3],
      [/(additions?|deletions?|alterations?|modifications?|revisions?)( to| in)?,?( deletions| or| and|,| other| revisions| alterations)*[^.]{0,30}(to|in) the (work|scope|services)/, 2],
      [/changes? (in|to) the (work|scope|services|subcontract work)|changed work|extra work|additional work|scope change/, 2],
      [/no (change|variation|extra|additional)[^.]{0,100}without[^.]{0,40}(change order|written|variation|directive)|without (a |an )?(written )?(change order|variation order|change directive|written directive)/, 2],
      [/(changes?|variations?) (shall|will) be (valued|priced|evaluated)|valuation of (changes|variations)|(adjustment|adjust)[^.]{0,40}(contract price|subcontract price|price|schedule|time|completion date)[^.]{0,40}(change|variation)/, 2],
      [/equitable adjustment|cost plus a mark-?up|mark-?up of/, 1],
    ],
    negative: [
      [/change (of|in) (the )?control|change (of|in) (the )?ownership/, -4],
      [/change in (law|applicable law|legislation|tax)/, -2],
      [/(subject (only )?to|as adjusted by|adjustment by|by way of|together with) (a |any )?(change orders?|variations?)/, -1.5],
    ],
  },

  force_majeure: {
    heading: [/force majeure|acts? of god|excusable delay|superior force|irresistible force|events? beyond (the )?control|relief events?/],
    body: [
      [/force majeure/, 2],
      [/force majeure[^.]{0,30}(means|includes|shall mean|event means|is defined|shall include)|(means|includes)[^.]{0,40}events? beyond/, 2],
      [/(event|cause|circumstance|occurrence|act)s? (which (is|are) )?(beyond|outside) (its|their|the|a|such|either|that|any) ([a-z]+'s |party's )?(reasonable )?control|beyond the (reasonable )?control of|not within (its|their|the [a-z]+'s) (reasonable )?control/, 2],
      [/(force majeure|superior force)( event| events)? (continues|persists|lasts|exceeds|subsists)/, 2],
      [/acts? of god|superior force|irresistible force/, 3],
      [/force majeure[^.]{0,20}(does not|shall not|will not) include|unavoidable casualt(y|ies)|civil (disturbance|commotion|unrest)/, 2],
      [/(neither|nor)[^.]{0,60}(liable|responsible|in breach)[^.]{0,40}(failure|delay|non-?performance)|(neither party|no party) (shall|will) be (liable|responsible|in breach|deemed in breach)[^.]{0,100}(prevent|delay|hinder|failure)/, 2],
      [/(fires?|floods?|earthquakes?|epidemics?|pandemics?|wars?|terrorism|riots?|strikes?|wildfires?|storms?|hurricanes?|blockades?|insurrection|invasion|rebellion|revolution|landslides?|explosions?|embargoes|natural disasters?|quarantines?)[,;]?( or| and)? [^.]{0,100}(floods?|earthquakes?|epidemics?|pandemics?|wars?|terrorism|riots?|strikes?|lockouts?|blockades?|evacuation|landslides?|sabotage|explosions?|insurrection|invasion|rebellion|revolution|embargoes|labour disputes|natural disasters?|quarantines?( restrictions)?|(orders?|acts?|actions?) of (a |any )?(government(al)?|civil or military) (authority|authorities))/, 2],
      [/(excused|relieved|released) (from|of)[^.]{0,60}(performance|obligations|liability)|not (be )?(liable|responsible|in breach) for (any )?(failure|delay)|(prevented|hindered|delayed) (from|in) (performing|the performance)|(failure|delay) in (the )?performance/, 2],
      [/(affected by|by reason of|due to|because of|caused by|result of|resulting from|arising from) (an? )?(event of )?force majeure|affected party/, 1],
    ],
  },

  warranty: {
    gate: /warrant|guarantee|(defect|deficien|non-?conform|fault)[^.]{0,80}\b(days|months?|years?)\b[^.]{0,80}(correct|repair|replace|remedy|make good|rectify|re-?perform|re-?do)|(defects?|deficienc(y|ies))[^.]{0,40}(period|liability)|free (from|of) (any )?(defects?|faults?)|(correct|repair|replace|remedy|make good|rectify)[^.]{0,80}(defect|deficien)[^.]{0,120}\b(months?|years?)\b|\b(months?|years?)\b[^.]{0,120}(correct|repair|replace|remedy|make good|rectify)[^.]{0,60}(defect|deficien)/,
    heading: [/warrant(y|ies)|guarantee period|defects?( |$)|deficienc|maintenance period|corrected work|re-?performed work|correction of (work|defects)|guarantee of (work|workmanship)/],
    body: [
      [/\bwarrant(s|ed|y|ies|ing)?\b|\bguarantees? (that )?(the |its |all )?(work|services|equipment|materials|goods|workmanship)/, 2],
      [/warranty period|defects? (liability|notification|correction) period|guarantee period|maintenance period|correction period/, 2],
      [/free (from|of) (any )?(defects?|faults?|deficiencies)|defects? in (design|materials?|workmanship|equipment|fabrication)|(faulty|defective) (materials?|workmanship|design|work)/, 2],
      [/(correct|repair|replace|remedy|re-?perform|make good|rectify)[^.]{0,60}(defect|defective|non-?conforming|deficien|fault)/, 1.5],
      [/(\(\d+\) )?\b(months?|years?) (period )?(after|from|following) (the date of |the |its )?(substantial|final|completion|acceptance|installation|delivery|taking[- ]over|commissioning|correction|ready|start-?up)/, 1],
      [/defects? or deficienc|(defects?|deficienc(y|ies)) in the (work|services)|wear and tear/, 1.5],
      [/warrant(s|y)? (that )?(the |its |all )?(work|services|goods|equipment|materials|deliverables|software|system)|(standard|degree) of (care|skill)|skill,? care and diligence/, 1.5],
      [/manufacturer'?s'? warrant|assign[^.]{0,40}warrant/, 1],
      [/(defect|defective|deficien|non-?conform|fault)[^.]{0,80}(shall|will|must) be (promptly )?(corrected|repaired|replaced|remedied|re-?performed|re-?done|made good|rectified)|(fresh|new|further|renewed|extended) warranty|warranty[^.]{0,40}(restart|recommence|renew)/, 2],
      [/fit (for|for their) (the )?(intended )?purpose|workmanlike|good and workmanlike/, 0.5],
      [/without (any )?(additional )?charge|at no (additional )?(cost|charge)|at (its|the [a-z]+'s) (own )?(cost|expense)/, 1],
    ],
    negative: [
      [/represents and warrants|representations and warranties|warrants that it (is|has) (duly|the (power|authority)|full (power|authority)|been duly)|duly (incorporated|organized|authorized)/, -3],
      [/(end|expiry|expiration) of the warranty period|until the (end|expiry) of the warranty/, -2.5],
      [/warranty (bond|security)|warrants?[^.]{0,40}(good|clear|marketable|valid) title|title[^.]{0,40}free (and clear )?(of|from) (all )?(liens|encumbrances|charges)/, -3],
    ],
  },

  insurance: {
    heading: [/insurance|insured|insurer|coverage|wrap-?up|polic(y|ies)$|builder'?s'? risk/],
    body: [
      [/\binsurance\b/, 1.5],
      [/(shall|will|must) (at its (own )?(cost|expense),? )?(obtain|maintain|procure|carry|provide|take out|effect|purchase|keep in force)[^.]{0,100}(insurance|polic(y|ies) of insurance|coverage)/, 3],
      [/(commercial )?general liability|builder'?s'? (all[- ]risks?|risk)|all risks? (of|policy|insurance)|employer'?s'? liability|course of construction|wrap[- ]up|professional liability|professional indemnity|errors and omissions|automobile liability|pollution liability|marine cargo|equipment (floater|insurance)|property insurance|umbrella (liability|policy)/, 2],
      [/additional insureds?|named insureds?|waiver of subrogation|waive (all )?(rights of )?subrogation|loss payees?|cross[- ]liability|severability of interest|certificates? of insurance|insurance certificates?/, 2],
      [/(limits?|deductibles?) of (not less than|at least|no less than|not more than)|\bper occurrence\b|\bper claim\b|in the aggregate/, 1.5],
      [/insurers? (licensed|rated|acceptable|authorized)|a\.?m\.? best|rated a-?/, 1],
      [/\b(polic(y|ies)|insurers?|underwriters?|premiums?)\b/, 1.5],
      [/\bdeductibles?\b/, 1.5],
      [/(full )?(replacement|reinstatement) (cost|value)|insurance (proceeds|moneys|monies)|proceeds of (any |the )?insurance|notice of cancell?ation|cancell?ation[^.]{0,40}notice|\bcoverages?\b/, 1.5],
      [/owner[- ]controlled|contractor[- ]controlled|\bocip\b|\bccip\b|wrap[- ]up (liability )?(program|policy|insurance)|certificates? evidencing|per accident|each accident|per person/, 2],
      [/\b(shall|will|must) (\w+ ){0,2}insure\b|\b(provide|maintain|procure|carry|purchase)s? (or (maintain|provide|carry|procure|purchase) )?(such |the |any )?(insurance|polic)/, 2],
    ],
    negative: [[/(insurance|insured)[^.]{0,40}(required by|under) (article|section)/, -1]],
  },

  bonds_security: {
    heading: [/\bbonds?\b|^(contract |financial |performance )?security$|security (for performance|deposit|documents)|letters? of credit|parent (company )?guarantee|surety|\bguarantees? and (bonds|security)|performance security/],
    body: [
      [/performance bonds?|labou?r and materials? (payment )?bonds?|payment bonds?|surety bonds?|bid bonds?|maintenance bonds?|warranty bonds?|lien bonds?/, 3],
      [/letters? of credit|\bl\/c\b/, 3],
      [/(parent|parental|corporate|ultimate parent|affiliate)( company)? guarantee|guarantee (by|from) (its|the contractor's) (ultimate )?parent/, 3],
      [/bank guarantee|on-?demand (guarantee|bond|security)|demand guarantee|advance payment (guarantee|bond|security)|retention (bond|guarantee)/, 3],
      [/\bsurety\b|\bobligee\b|ccdc 22[12]|\bguarantor\b/, 2],
      [/(unconditionally|irrevocably)[^.]{0,30}guarantee/, 2],
      [/\bbonds?\b|(cash|financial) (security|deposit)/, 1.5],
      [/(unconditional|irrevocable|on-?demand) (undertaking|guarantee|bond)|deed of guarantee|guarantee the (due )?performance|security in the form of/, 3],
      [/performance security|security for (the )?(due |proper )?performance|(parent|holding|affiliate|guarantor)[^.]{0,40}(provides?|delivers?|furnish(es)?|issues?) (a |an )?guarantee|guarantee of (the )?[a-z]+'s (obligations|performance)/, 3],
      [/(draw|call|claim) (on|upon|under) the (letter of credit|security|bond|guarantee)/, 2.5],
      [/(security|bond|letter of credit)[^.]{0,40}(validity|expiry|be extended|remain valid)/, 1],
    ],
    negative: [[/bond(ed|ing)? (strength|breaker)|bonded (warehouse|area)/, -3]],
  },

  performance_guarantee: {
    heading: [/performance (guarantee|test|warrant|criteria|requirement|standard)s?|reliability run|trial run|guaranteed (performance|output|capacity|efficiency|availability)|acceptance tests?|performance liquidated damages|availability (guarantee|test)|capacity tests?|reliability (test|run)|acceptance with shortfall/],
    body: [
      [/performance (tests?|testing|guarantees?|criteria|acceptance tests?|warranty)/, 3],
      [/guaranteed (\w+ ){0,2}(output|capacity|efficiency|availability|heat rate|throughput|production|performance|yield|energy|power|degradation|recovery|consumption|emissions|values?|figures?|parameters?|levels?)/, 3],
      [/guarantees? that[^.]{0,80}(will|shall) (process|produce|achieve|deliver|generate|operate|perform|treat|handle|recover)[^.]{0,60}(not less than|at least|\d)/, 3],
      [/(operate|run|operation|produced?)[^.]{0,60}(for )?\b\w+(-\w+)? (consecutive|continuous) (hours|days)|\d+ (consecutive|continuous) hours/, 2],
      [/tests after completion|fail(s|ed)? to pass (the )?(performance|acceptance|reliability|guarantee) tests?/, 3],
      [/(%|percent|per cent) of (the )?(nameplate|rated|design|guaranteed) (capacity|output|rating)?|nameplate (capacity|rating)/, 1.5],
      [/rated (load|point|conditions)|design (load|conditions)|test tolerances?|measurement tolerances?|condition of (acceptance|taking[- ]over)/, 1.5],
      [/performance (liquidated damages|lds|damages)|(capacity|output|efficiency|availability) (liquidated damages|lds)/, 3],
      [/(capacity|output|efficiency|availability|heat rate|throughput|recovery|production)[^.]{0,80}(shortfall|deficiency|not less than|at least|below)/, 1.5],
      [/(demonstrate|achieve|meet)[^.]{0,60}(nameplate|rated|design|guaranteed) (capacity|output|performance|throughput)/, 2],
      [/(reliability|availability|acceptance) (tests?|run)|operating continuously for|\d+[- ]?\(?\d*\)?[- ]?hours? (reliability|performance|test|trial) run|trial run/, 2],
      [/\bretests?\b|re-?testing|repeat (the )?tests?|tested in accordance with|\basme ptc|test (procedures?|protocol)/, 1],
      [/guarantees? (that )?(the |an |a )?[a-z' ]{0,40}(heat rate|output|capacity|efficiency|availability|throughput|flow|consumption|production (rate)?|emissions|recovery|yield)\b/, 3],
      [/\b(mmscf\/d|mwh|mw|kw|tonnes per (day|hour)|t\/d|tpd|bbl\/d|barrels per day)\b/, 0.5],
    ],
    negative: [[/except(ing)?( that| for)?[^.]{0,50}(liquidated damages|\blds\b)/, -1.5]],
  },

  dispute_resolution: {
    heading: [/dispute|arbitration|mediation|adjudication|claims? resolution|resolution of (disputes|claims)|escalation/],
    body: [
      [/\barbitrat(ion|or|ors|ed|e|al)\b/, 3],
      [/\bmediat(ion|or|e|ed)\b/, 2],
      [/\badjudicat(ion|or|ed|e)\b/, 1.5],
      [/dispute (resolution|review board|board|adjudication)|disputes? arising (out of|under|in connection)|(any|a) dispute[^.]{0,60}(shall|may|will) (first )?be (referred|resolved|settled|submitted)|disputes? not (otherwise )?resolved/, 2],
      [/(refer|referred|submit|submitted)[^.]{0,40}(to )?(arbitration|mediation|adjudication|expert determination|the courts?)/, 1],
      [/senior (executives?|officers?|management|representatives?)|escalat|vice[- ]presidents?|amicabl/, 1],
      [/(resolve|settle|negotiate)[^.]{0,20}(any |the |a )?(dispute|disagreement|difference)s?|(during|pending|while)[^.]{0,20}(any |a |the )?(dispute|resolution of)|(dispute|disagreement)s? (is|are) being resolved/, 2],
      [/expert determination|final and binding|binding on (an )?interim basis/, 1.5],
      [/(disagreements?|disputes?|differences?)[^.]{0,80}escalat|escalat[^.]{0,60}(disagreements?|disputes?|differences?)|disputes?[^.]{0,60}(may|shall) be referred/, 2],
      [/jury trial|trial by jury|without a jury|continue to perform[^.]{0,80}(dispute|pending)/, 3],
      [/(dispute|disagreement|difference)s?[^.]{0,80}(shall|may|will) be (submitted|referred|determined|decided)|(before|prior to) (commencing|initiating|starting|bringing) (any )?(legal proceedings|litigation|arbitration|action)/, 2],
      [/independent (expert|engineer|quantity surveyor|third party|accountant)|determination shall be (final|binding)|neutral (mediator|third party|evaluator)/, 1.5],
      [/(if|where|should|when) (a|any) (dispute|difference|disagreement) (arises|occurs)|dispute (avoidance|adjudication)|(pending|during)[^.]{0,40}dispute[^.]{0,100}(proceed|continue)|\blitigat(ed|ion)\b/, 2],
      [/injunctive (relief|remedies)|interlocutory (relief|injunction)/, 1.5],
    ],
  },

  governing_law: {
    heading: [/governing law|choice of law|proper law|law and jurisdiction|jurisdiction|applicable laws? and|^applicable law$|governing laws|^laws?$/],
    body: [
      [/(governed by|construed (and (interpreted|enforced) )?(in accordance with|under)|interpreted (and enforced )?in accordance with|subject to) the laws? (in force |applicable )?(of|in) (the )?(province|state|territory|country|laws|canada|alberta|british columbia|ontario|qu[eé]bec|saskatchewan|manitoba|new brunswick|nova scotia|newfoundland|prince edward|yukon|nunavut|northwest|england|new york|texas|delaware)/, 4],
      [/(exclusive |non-exclusive )?jurisdiction of the courts|attorns? to the (exclusive |non-exclusive )?jurisdiction|submits? to the (exclusive |non-exclusive )?jurisdiction/, 3],
      [/(federal )?laws of canada applicable (therein|in)/, 2],
      [/the laws? of the (province|state|territory) of [a-z' ]{3,40}( and the (federal )?laws of canada applicable therein)? (shall|will) (govern|apply)/, 4],
      [/(governed|construed|interpreted)[^.]{0,30}\b(alberta|british columbia|ontario|qu[eé]bec|saskatchewan|manitoba|new brunswick|nova scotia|canadian|english|new york) laws?\b/, 4],
      [/conflicts? of laws? (rules|principles)|choice of laws? (rules|principles)|without regard to (its )?conflict/, 1.5],
      [/(governed by|(construed|interpreted|decided|determined) (in accordance with|under|according to|by)|subject to) the (laws? of the (place|jurisdiction|country|province or territory|location)|civil code of qu[eé]bec)/, 4],
      [/laws? applicable to this (agreement|contract|subcontract|order|purchase order)|(applicable|governing|proper) law (of|for) this (agreement|contract|subcontract)|\bis the laws? of the (province|state|territory)/, 4],
      [/(governed|construed|interpreted|determined|construction|validity)[^.]{0,60}\b(alberta|british columbia|ontario|qu[eé]bec|saskatchewan|manitoba|new brunswick|nova scotia|newfoundland|canadian|english|new york) laws?\b/, 4],
      [/united nations convention on contracts for the international sale of goods|\bcisg\b|vienna sales convention/, 2],
      [/civil code of qu[eé]bec|laws in force in qu[eé]bec/, 1.5],
    ],
  },

  confidentiality: {
    heading: [/confidential|non-?disclosure|secrecy|trade secrets?|publicity|privacy|personal information/],
    body: [
      [/confidential information|proprietary (information|data)|keep (\w+ )?secret/, 3],
      [/use[^.]{0,60}(for any purpose other than|solely for|only for the purposes? of)[^.]{0,80}(information|data|documents|specifications?|drawings|plans)|need to know|non-?public information|(restrict|limit) access to[^.]{0,60}information|social media|(make|issue|publish|release) (any )?(public )?(announcement|statement|press release)/, 3],
      [/\bpipeda\b|personal information protection|privacy (legislation|laws?|act)|protection of privacy/, 2],
      [/(keep|hold|treat|maintain|kept|held)[^.]{0,80}(in )?(strict(est)? )?confiden(ce|tial)/, 3],
      [/\bconfidential(ity)?\b/, 2],
      [/(not|never) (to )?(disclose|divulge|reveal|publish|furnish|make available)|disclos(e|ed|ure) to (any )?third part|non-?use/, 2],
      [/non-?disclosure/, 3],
      [/trade secrets?/, 2],
      [/(obligations?|duty|duties) of confidence|\bin confidence\b|freedom of information|access to information act|not be (disclosed|divulged|revealed)/, 3],
      [/\bpublicity\b|press releases?|public announcements?/, 3],
      [/publici[sz]e|photographs or video|publicly available|public domain/, 1],
      [/personal information|\bprivacy\b|unauthori[sz]ed (access|disclosure|use)/, 1.5],
      [/(return|destroy)[^.]{0,40}(information|documents|materials|copies)/, 1],
    ],
  },

  ip_ownership: {
    heading: [/intellectual property|\bip\b|ownership (of|and use of) (documents|drawings|work product|deliverables|designs?)|project documents|proprietary rights|\blicen[cs]es?\b|copyright|patents?|work product|use of documents/],
    body: [
      [/intellectual property/, 3],
      [/\b(owns|shall own|will own|ownership of|(sole |exclusive )?property of|vest(s|ed)? in|title to)\b[^.]{0,80}(drawings|specifications|designs?|documents|data|deliverables|work product|plans|software|reports|inventions|models|calculations)/, 3],
      [/(drawings|specifications|designs?|documents|data|deliverables|work product|software|reports|inventions|improvements|\bip\b|intellectual property|technology|know-how)[^.]{0,80}((shall |will )?(be|become|becomes|remain|remains|is|are) (the )?(sole |exclusive )?property of|(shall |will )?(vest|belong|pass) (in|to)|(shall |will )?be (jointly )?owned (by|jointly))/, 3],
      [/\bcopyright|\bpatents?\b|trade-?marks?|know-how|\binventions?\b/, 2],
      [/instruments? of (professional )?service|licensed,? (and )?not sold/, 3],
      [/(shall be|is|becomes?|will be) the (sole |exclusive )?owners? of (all )?[^.]{0,30}(designs?|drawings|documents|data|deliverables|work product|inventions|improvements|intellectual|software|reports|processes)|(grants?|granted)[^.]{0,60}(licen[cs]e|right) to (use|copy|reproduce|adapt|modify)/, 3],
      [/\blicensors?\b|\blicensees?\b/, 2],
      [/proprietary (process|processes|technology|technologies)|technology licen[cs]/, 1.5],
      [/moral rights|reserved rights/, 2],
      [/\binfring(e|es|ed|ing|ement)\b/, 1.5],
      [/(right|licen[cs]e|entitled|may) (to )?(use|copy|reproduce)[^.]{0,60}(documents|drawings|designs?|deliverables|software|data)[^.]{0,80}(operat|maint|repair|modif|complet|any other|other project)/, 2],
      [/(any other|other|another) (project|purpose|facility)s?[^.]{0,40}without[^.]{0,30}consent|(re-?use|use)[^.]{0,40}(for|on) (any )?(other|another|future) (projects?|facilit)/, 1.5],
      [/\bsoftware\b[^.]{0,60}licen[cs]|(trade-?marks?|logos?|trade names?)[^.]{0,60}(advertising|promotion|publicity|marketing)|all right,? title and interest/, 1.5],
      [/(perpetual|irrevocable|royalty-free|non-exclusive|non-transferable|worldwide)[^.]{0,40}licen[cs]e/, 3],
      [/pre-existing (intellectual property|ip|technology|materials|know-how)|background (ip|intellectual property|technology)|foreground (ip|intellectual property)/, 2],
      [/licen[cs]e to use/, 1.5],
    ],
    negative: [
      [/(driver'?s?|business|trade|facility|operating|occupancy|contractor'?s?|building|electrical|gas) licen[cs]es?|licen[cs]ed (in|by|to carry|insurers?|surety|engineers?)|facility licen/, -2],
      [/\b(cap|limit|limitation)s? (in|of|under) (section|article|clause)|(excluded|carved out) from the (aggregate )?(liability )?(limit|cap)|(limitations?|caps?) [^.]{0,40}(shall|do|does|will) not (apply|limit)/, -2],
    ],
  },

  assignment: {
    heading: [/assignment|\bassign\b|novation|transfer of (the )?(agreement|contract|subcontract)|successors and assigns/],
    body: [
      [/(shall|will|may) not (\w+ ){0,2}(assign|transfer|novate)|not (assign|transfer)[^.]{0,60}(this|the) (agreement|contract|subcontract)|\bassign[^.]{0,60}(this|the) (agreement|contract|subcontract)|assignment of (this|the) (agreement|contract|subcontract)|\bnovat(e|ion)\b/, 3],
      [/(without|with) (first obtaining )?the (other party's |owner's |company's |contractor's |client's |[a-z]+'s )?(prior )?(written )?(consent|approval)/, 1],
      [/\bassign(s|ed|ment|ee|ees)?\b/, 1.5],
      [/successors and (permitted )?assigns|binding upon[^.]{0,40}successors/, 2],
      [/(assignment|transfer|delegation) of (this|the) (agreement|contract|subcontract|purchase order|order|work order)|(purported )?(assignment|transfer)[^.]{0,100}(null and void|is void|shall be void|of no (force or )?effect)|(may|shall|will) not be (transferred|assigned|novated)|(be|is|are) (transferred|assigned) (or (transferred|assigned) )?(by|without)/, 3],
      [/(assign|transfer)s? (all or any (part )?of )?(its|their|the [a-z]+'s) (rights|interest|obligations|benefit)[^.]{0,60}(under|in) (this|the)|(assign|transfer)s? (its|their) rights and obligations/, 3],
      [/(benefit|burden)s? (or|and) (the )?(benefit|burden)|(benefit|burden) of this (agreement|contract|subcontract)/, 2],
      [/assign[^.]{0,60}(right to (receive )?payment|payments? due|monies|moneys|proceeds|receivables)|as collateral (security)?/, 2],
    ],
    negative: [
      [/assign(ment|s)? (for the benefit of|to) (its |his |their )?creditors|assignment in bankruptcy|proposal to (its )?creditors/, -4],
      [/all right,? title and interest[^.]{0,60}(work product|deliverables|intellectual property|inventions|drawings|documents|copyright|data)|(work product|deliverables|intellectual property|inventions|copyright)[^.]{0,120}hereby assigns?/, -3],
      [/assign[^.]{0,60}(the )?(benefit of )?(all )?(manufacturer'?s'? |third[- ]party )?warrant/, -2.5],
      [/(personnel|staff|employees|workers|persons?) (assigned|who are assigned)|assigned to (the )?(work|project|site|services)|meanings? (assigned|given)/, -2],
    ],
  },

  change_of_control: {
    heading: [/change (of|in) control|change of ownership|change in ownership/],
    body: [
      [/change (of|in) (the )?(effective )?control/, 4],
      [/change (of|in) (the |its |their |[a-z]+'s )?(legal or |direct or indirect )?(beneficial )?ownership/, 3],
      [/change (in|of) (the )?(persons?|entity|entities|shareholders?|owners?)[^.]{0,30}(who|which|that) (directly or indirectly )?(control|own)|control of (the )?[a-z]+ (is |be |are )?(acquired|transferred)|acquires?,? (directly or indirectly,? )?(more than|a majority|control|\d+ ?%)/, 4],
      [/(amalgamat|merge[sd]?|merger|acquisition|acquired|shares)[^.]{0,100}(deemed|constitute|treated as)[^.]{0,30}(assign|transfer)|(deemed|treated as)[^.]{0,20}(to )?(assign|transfer|an assignment)[^.]{0,80}(amalgamat|merge|merger|shares|control)/, 3],
      [/sale of (all or )?substantially all (of )?(the|its) (assets|shares|business)|(reorgani[sz]ation|restructuring)[^.]{0,100}(shares|control|ownership)/, 2],
      [/(merger|amalgamation|acquisition|reorgani[sz]ation|consolidation|sale of (all or )?substantially all)[^.]{0,160}(deemed|constitute|treated as|considered)[^.]{0,30}(an? )?assignment/, 3],
      [/(acquires?|acquisition of|obtains?|gains?) (direct(ly)? or indirect(ly)? )?(\w+ )?control/, 2],
      [/(acquires?|acquisition of|obtains?|gains?) (direct(ly)? or indirect(ly)? )?(\w+ )?control of (the )?(contractor|subcontractor|supplier|vendor|consultant|company|service provider|seller|buyer|purchaser|party|other party)|(is|be|being|are|becomes) (acquired by|combined with|merged with|amalgamated with)/, 3],
      [/(\d{2} ?%|(fifty|forty|sixty|seventy)[- a-z]* ?(percent|per cent))[^.]{0,40}(of the )?(voting |outstanding |issued )?(shares|equity|securities|voting rights)|(disposal|sale|transfer|issuance) of (its |the )?(shares|equity)|ceas(e|es|ing) to (hold|own|control)/, 2],
      [/(majority|more than (fifty|50) ?(percent|%)?|50 ?%)[^.]{0,60}(voting (shares|securities|rights|interests)|shares|equity)/, 2],
      [/\bamalgamat|\bmerger\b/, 1],
    ],
  },

  audit_rights: {
    heading: [/\baudit|inspection of (records|books)|books and records|^records\b|records and (accounts|audit)/],
    body: [
      [/\baudit(s|ed|ing|or|ors)?\b/, 2],
      [/(right to|may|shall be entitled to|entitled to|permit[^.]{0,40}to)[^.]{0,40}\b(inspect|audit|examine|review|copy|verify)[^.]{0,60}(books|records|accounts|documents|time ?sheets|ledgers)/, 2],
      [/(keep|maintain|retain|preserve)[^.]{0,60}(complete |accurate |proper )?(books|records|accounts|time ?sheets|vouchers|receipts|ledgers)/, 1.5],
      [/access to[^.]{0,60}(books|records|accounts|ledgers|time ?sheets|vouchers)|(inspect|examine|audit) and (copy|reproduce|make copies|take extracts)|(copies|extracts) of (its |the [a-z]+'s )?(books|records|accounts)/, 2],
      [/(for the purpose of|in order to|to) (verify|verifying|substantiate|substantiating|confirm|confirming|check|checking)[^.]{0,40}(costs?|charges|amounts|invoic|compliance|claims|payments?)/, 2],
      [/(examination|inspection|audit|review) of (the )?([a-z]+'s )?(books|records|accounts)/, 2],
      [/(books|records|accounts)[^.]{0,50}(relating|pertaining|relevant|related) to[^.]{0,40}(costs?|price|pricing|charges|invoic|payments?|reimburs|rates|amounts)|\baccountants?\b|(conduct|carry out|perform) (an? )?audits? of|open[- ]book|(make|made|be) (them |such records |the records |those records )?available (to the [a-z]+ )?(for|upon|on)/, 1.5],
      [/(books|records|accounts)[^.]{0,60}(open to|available for|subject to) (audit|inspection|examination)/, 2],
      [/overcharge|over-?payment[^.]{0,40}(refund|repay)/, 1],
    ],
    negative: [[/(safety|quality|environmental|energy|iso|technical|site|health and safety|shop|process|management system) audits?|audited (financial|annual)/, -2]],
  },

  notice_requirements: {
    heading: [/^notices?\b|\bnotices\b|notice (of claims?|requirements?|provisions?|of non-payment)|notification|^communications?$|^claims$|time bar/],
    body: [
      [/notices?[^.]{0,80}(shall|must|will|are to) be (given |made |delivered |sent |served )?in writing|in writing and (delivered|given|sent|served)/, 3],
      [/(delivered|sent|given|served) (by hand|personally|in person|by (registered |prepaid )?(mail|post)|by courier|by (e-?mail|electronic mail|facsimile|fax))/, 2],
      [/(deemed|effective|considered) (to (have been|be) )?(duly )?(given|received|delivered|served)|(are|is) effective (on|when|upon) (receipt|received|delivery)|deemed receipt|effective on the (working|business) day/, 2],
      [/address(es)? (for (service|notice|notices)|set out|set forth|stated|shown|in schedule|in exhibit)|change (its|their) address/, 1.5],
      [/notice of (any |its |a |the )?(claims?|intention to claim|delay|dispute)/, 2],
      [/notices?[^.]{0,60}(must|shall) be (delivered|given|sent|served) by/, 2],
      [/address(es)? for (service|notice|notices)|oral notices?|notices?[^.]{0,40}(not (be )?effective|confirmed in writing)/, 3],
      [/communications?[^.]{0,40}(shall|must|will) be (sent|given|delivered|addressed|made)|notify[^.]{0,40}in writing/, 2],
      [/(give|provide|deliver|submit|serve|send|issue)[^.]{0,30}(written )?notices?[^.]{0,50}(within|not later than|no later than)[^.]{0,30}(days|hours)/, 2],
      [/(failing which|otherwise|failure to (give|provide|deliver) (such |a |the )?notice)[^.]{0,80}(not be entitled|waived?|barred|lose|forfeit|no (entitlement|claim))|(written notice|notice in writing)[^.]{0,40}(within|not later than|no later than)[^.]{0,30}(days|hours)/, 2],
      [/(identified as|marked as) a notice|address(es)? for notices|(duly )?(given|served) if (delivered|sent)|last (known )?(business )?address/, 2],
      [/(waived|barred|forfeited|time-barred|released)|shall not be entitled[^.]{0,80}unless[^.]{0,80}notice|condition precedent/, 1],
      [/(notice|notify|notification)[^.]{0,80}within[^.]{0,40}(days|hours)/, 1],
    ],
    negative: [[/notice to proceed/, -2], [/terminat[^.]{0,80}(on|upon|by giving|with|by) [^.]{0,40}notice|(give|serve|deliver)s? (a |the )?notice of default[^.]{0,80}terminat/, -1.5]],
  },

  schedule_delay: {
    heading: [/schedule(?! of (rates|prices|values|payments?|quantities))|\bdelays?\b|time for completion|completion (date|time)|extension(s)? of time|commencement|time is of the essence|time of the essence|programme|progress(?! (payments?|claims?|billings?|invoices?))|acceleration|milestones?(?! payments?)|key dates|shutdown planning|delivery (date|schedule)|time for delivery|notice to proceed|contract time/],
    body: [
      [/extension of (the )?(time|schedule|completion date|contract time|guaranteed [a-z ]*date|milestone)|extensions? of time|\beot\b|extend the (time|date|schedule|completion|contract time)/, 3],
      [/(contract time|time for completion|(substantial|final|mechanical) (completion|performance) date|(scheduled|guaranteed|required) (completion|delivery) date|completion date|milestone dates?|delivery date|key dates?|subcontract time|the schedule)[^.]{0,60}(shall|will|may) be (extended|adjusted|revised|increased)|adjust(ment)? (of|to|in) (the )?(contract time|time for completion|completion date)/, 3],
      [/(completed?|achieved?|achieve completion of)[^.]{0,40}(within|by|before) the (time for completion|contract time|completion date|subcontract time|date for completion|scheduled completion date|milestone dates?)/, 3],
      [/(proceed|prosecute|carry out|perform|pursue)[^.]{0,40}(diligently|with due (diligence|expedition)|expeditiously)|diligently (proceed|pursue|prosecute)|(order|sequence) in which[^.]{0,40}(carry out|perform|execute)|time programme|programme of (works|work)/, 1.5],
      [/(submit|update|revise|maintain)[^.]{0,30}(the |a |its )?(schedule|programme)|recover(ing)? (the )?(lost )?time|\bovertime\b|shutdown window|turnaround window|critical activit/, 1.5],
      [/deliver[^.]{0,60}(no later than|not later than|on or before|by) (january|february|march|april|may|june|july|august|september|october|november|december|\d)|deliver(y|ies)[^.]{0,40}(on|by|no later than) the (date|dates)|delivery (date|dates|schedule)/, 2],
      [/time (is|shall be) of the essence/, 3],
      [/(substantial completion|substantial performance|mechanical completion|final completion|commercial operation|ready for start-up|completion|in-service)( of the (work|works|project|facility|plant))? (by|on or before|no later than|date|not later than|within)|(achieve|reach)[^.]{0,30}(substantial|mechanical|final) (completion|performance)/, 2],
      [/(guaranteed|scheduled|target|required|contractual) (substantial |mechanical |final )?(completion|delivery|in-service|commissioning) date|milestone dates?/, 2],
      [/critical path|critical activit|baseline schedule|(project|construction|detailed|resource-loaded|master|level \d|milestone|progress|updated|approved|baseline|contract|current) schedules?|schedule updates?|recovery schedule|recover the schedule|(gantt|programme)|look-?ahead/, 2],
      [/\bdelay(s|ed|ing)?\b|\blate\b/, 1],
      [/\baccelerat(e|ion|ed)|additional shifts|behind (the )?schedule|falls? behind|\bslippage\b|\bslip(s|ped)?\b/, 1.5],
      [/(commence|start|begin)[^.]{0,30}(the )?(work|services)|notice to proceed/, 1],
    ],
    negative: [[/(without|undue|any) (unreasonable )?delay(?! in)/, -1]],
  },

  site_conditions: {
    heading: [/site conditions|sub-?surface|ground conditions|physical conditions|concealed|unforeseen conditions|site (investigation|inspection|information|data|examination)|differing|conditions of (the )?site|examination of (the )?site/],
    body: [
      [/(differing|concealed|unforeseen|unforeseeable|unknown|unanticipated|changed|latent|adverse) (site |sub-?surface |physical |ground |soil |geotechnical )?conditions/, 4],
      [/sub-?surface (conditions?|soil|ground|obstructions|structures)|(ground|soil|rock|groundwater) conditions|conditions of the (ground|soil|subsurface)|geotechnical|boreholes?|test pits?/, 3],
      [/(character|nature|condition)s? of the (soil|ground|site|subsurface)|water table|conditions affecting the (work|works|site)/, 2],
      [/(underground|buried|unrecorded|unknown|unidentified|unexpected) (utilities|services|pipelines|obstructions|structures|installations)/, 2],
      [/not (shown|indicated|identified|disclosed|described)( in| on)? (the )?(contract documents|drawings|site information)|(locate|expose|daylight)[^.]{0,60}(underground|buried|services|utilities|pipelines)|before excavat|ground disturbance/, 1.5],
      [/\b(un)?foreseeable\b|whether or not[^.]{0,40}foresee/, 1],
      [/(inspected|examined|visited|investigated|inspect|examine|visit) (the )?site|site (visit|inspection|investigation|examination)|satisfied itself as to|(has|have) satisfied (itself|themselves)/, 2],
      [/(without|no) (any )?(guarantee|warranty|representation) (of|as to) (the )?(accuracy|completeness)|(does not|do not|makes no) (warrant|guarantee|represent)[^.]{0,40}(accuracy|completeness)|physical conditions|deemed to have (inspected|examined|visited|satisfied)|(site and its|the) surroundings/, 1.5],
      [/(site|subsurface|geotechnical|soils?|survey) (data|information|reports?)[^.]{0,80}(reliance|rely|accuracy|completeness)|(no|not) (responsib|liab)[^.]{0,60}(accuracy|reliance|completeness)|for (information|reference) (purposes )?only/, 1.5],
      [/archaeolog|artifacts|fossils|burial (sites?|grounds?)|heritage (resources|objects)/, 3],
      [/(hazardous (materials|substances)|contamination|asbestos)[^.]{0,40}(discovered|encountered|found|uncovered)|(discover|encounter)s? (any )?(contamination|hazardous)/, 1.5],
      [/(climatic|weather|access) conditions|nature of the (ground|site)/, 1],
    ],
  },

  safety: {
    heading: [/safety|\bhealth\b|\bhse\b|\bhsse\b|\bohs\b|hazard(?!ous (substances?|materials?|wastes?))|lockout|confined space|fitness for work|worksafe|wsib/],
    body: [
      [/occupational health and safety|\bohsa?\b|health and safety|\bhse\b|\bhsse\b/, 3],
      [/prime contractor|\bconstructor\b(?= for| under| of| as)/, 3],
      [/safety (program|programme|plan|management|rules|orientation|procedures?|requirements|violations?|standards|policy|policies|manual|performance|meetings?|training|record)/, 2],
      [/\bsafe(ly|ty)?\b|\bunsafe\b/, 1],
      [/personal protective equipment|\bppe\b|protective (equipment|clothing)/, 2],
      [/life[- ]saving rules|(site|safety) orientation|golden rules|site safety rules/, 2],
      [/precautions for (the )?safety|safety of (persons|workers|employees|the public|all persons|its workers)|(prevent|protect)[^.]{0,60}(injury|injuries|bodily harm)|recordable (incident|injury)|\btrif\b|\bltif\b|(acts|works?) unsafely|gas (testing|detection|monitor)|hydrogen sulphide|\bh2s\b/, 2],
      [/lock-?out[ /-]?(and )?(tag|procedur|program|devices?|isolation)|energy isolation|confined spaces?|hot work|fall protection|fall arrest|work(ing)? at heights?|full[- ]body harness|rescue plan|scaffold(s|ing)?\b[^.]{0,60}(inspect|tagg?ed|erect|competent)|permits?[- ]to[- ]work|job hazard|hazard assessment|\bwhmis\b|\bflha\b|critical lift|lift plan|certificate of recognition|\bcor\b|lost[- ]time injur|drug and alcohol|fitness[- ]for[- ]work/, 3],
      [/report[^.]{0,40}(injur|near[- ]miss|incident|dangerous occurrence)|(stop|suspend)[^.]{0,60}(unsafe|hazard)|clearance (certificate|letter)/, 3],
      [/worksafebc|\bwsib\b|workers'? compensation|\bcnesst\b|\bwcb\b|workplace safety and insurance/, 1.5],
      [/incident investigations?|root cause/, 1.5],
      [/(fatalit(y|ies)|injur(y|ies)|incidents?|near[- ]miss(es)?)[^.]{0,60}(report|investigat|notify)|stop[- ]work|drug and alcohol|fitness[- ]for[- ]work/, 1.5],
    ],
    negative: [[/safety codes act|technical safety bc|safety standards act|pressure equipment safety authority/, -1]],
  },

  environmental: {
    heading: [/environment|pollution|contamination|hazardous (materials|substances|waste)|spills?|remediation|reclamation|emissions|\bwaste\b/],
    body: [
      [/environmental (protection|management|laws?|legislation|permits?|approvals?|assessment|impact|liabilit(y|ies)|compliance|plan|requirements|regulations|conditions|damage|matters|procedures|incidents?)/, 3],
      [/\bspills?\b|releases? (of|into)( the)? (hazardous|contaminants?|pollutants?|substances?|chemicals?|the environment)|discharges? (of|into)|report any release/, 2],
      [/contaminat(ion|ed|ant|ants)|pollut(ion|ant|ants)|hazardous (materials?|substances?|waste)|dangerous goods|asbestos|designated substances?|remediat(e|ion)|reclamation|(process|black) liquors?/, 2],
      [/environmental protection and enhancement act|environmental management act|environment quality act|environmental protection act|canadian environmental protection act|impact assessment act|fisheries act|species at risk act|migratory birds|water act|environmental assessment act|the environment act/, 2],
      [/(greenhouse gas|ghg|emissions?)( reporting| limits?| intensity)?/, 1],
      [/\bwastes?\b[^.]{0,60}(dispos|handl|stor|transport|manag|generat|remov|recycl)|(dispos|handl|stor|transport|remov)[^.]{0,60}\bwastes?\b|waste management/, 3],
      [/(protect|protection of|harm to|damage to|impact on) (the )?(natural )?environment|\beffluents?\b|air emissions|(surface|storm ?water|waste ?water) discharges?/, 2],
      [/(remediat|clean[- ]?up|restor)[^.]{0,40}(contaminat|pollut|spill|release)|(contaminat|pollut)[^.]{0,60}(caused by (the|its|his|their) (contractor|subcontractor|operations|work|activities)|introduced by|remediat|clean[- ]?up)|(hazardous|contaminat|pollut|asbestos|designated substances?)[^.]{0,160}(remov|dispos|abat|clean[- ]?up|remediat|handl|transport|stor|segregat)/, 1.5],
      [/\berosion\b|sediment(ation)? control|topsoil|nesting|vegetation clearing|wildlife|species at risk/, 2],
      [/secondary containment|drip (trays|pans)|(fuel|oils?|chemicals?|lubricants?)[^.]{0,60}(stored|storage|containment|spills?|leaks?)|dust (control|suppression)|minimi[sz]e (dust|noise)|\bdust\b[^.]{0,20}noise|noise[^.]{0,20}\bdust\b/, 2],
      [/watercourses?|water bodies|wetlands?|riparian|fish habitat|refuel(l)?(ing|ed)?\b|spill (kits?|response)/, 2],
    ],
    negative: [[/pollution (legal )?liability (insurance|coverage|polic)/, -2], [/force majeure|acts? of god|civil war|beyond (its|the|a) ([a-z]+'s )?(reasonable )?control/, -2]],
  },

  non_compete: {
    heading: [/non-?compet|restrictive covenants?|non-?solicit|no-?poach/],
    body: [
      [/non-?compet(e|ition)/, 4],
      [/(shall|will|agrees? (that it will|to)) (not|refrain from)[^.]{0,140}(compete|competing|competitors?|in competition with|engage (directly or indirectly )?in (any )?(business|activit)|carry on (any )?business)/, 3],
      [/(directly or indirectly)[^.]{0,120}(compet|solicit|engage in|carry on|be interested in)/, 2],
      [/(solicit|hire|employ|engage|entice|induce|recruit|poach)[^.]{0,60}(employees|personnel|staff|team|workforce)[^.]{0,60}(of the other|of the (owner|company|contractor|client)|the other party)/, 3],
      [/(not|refrain from) (to )?(sell|supply|provide|offer|market|license)[^.]{0,100}(competitors?|in competition)|leave (their|his|her|its) employ/, 3],
      [/(solicit|hire|employ|recruit|entice|induce)[^.]{0,60}(the other party's|[a-z]+'s) (key |supervisory |senior )?(employees|personnel|staff|project team|team members)|(not to|shall not|will not) (be interested in|advise|assist)[^.]{0,60}compet/, 3],
      [/restrictive covenant/, 3],
      [/\bcompetitors?\b|competing (business|project|facility|services)/, 1.5],
      [/within (a radius of )?\d+ ?(km|kilometres|kilometers|miles)|(geographic|territor)/, 1],
    ],
    negative: [[/(control|acquired|acquisition|controlling|merge[sd]?|amalgamat)[^.]{0,60}(by |with |is )?(a |any )?competitor/, -2]],
  },

  exclusivity: {
    heading: [/exclusiv|sole (supplier|source|provider)|preferred (supplier|contractor)/],
    body: [
      [/exclusive (supplier|provider|contractor|service provider|basis|rights? to (supply|provide|perform)|distributor|agent|engagement|vendor)|on an exclusive basis|exclusively (from|to|with|through|by)|sole (and exclusive )?(supplier|source|provider|contractor)/, 4],
      [/(shall|will) not (engage|retain|appoint|purchase|procure|use|contract with|obtain)[^.]{0,80}(any )?(other|third[- ]party|another) (contractors?|suppliers?|providers?|vendors?|service providers?)/, 3],
      [/(all|100 ?%|entire|whole) (of )?(its|the [a-z]+'s) (requirements|needs) for/, 3],
      [/right of first (refusal|offer|negotiation)|first right to (perform|supply|quote|bid|offer)|(shall|will|must) first offer/, 3],
      [/(source|purchase|procure|obtain|buy)[^.]{0,80}\b(solely|exclusively) from|from any (person|one|party|supplier|contractor|vendor) other than|sole (and exclusive )?([a-z]+ ){1,2}(supplier|source|provider|contractor|vendor)/, 3],
      [/(and|but) not from any (other|third)|not from any (other (person|supplier|contractor|vendor)|third part(y|ies))/, 2],
      [/all (of )?(its |the )?[a-z -]{0,40}(requirements|needs|services|goods) (required|needed)/, 1.5],
      [/\bexclusivity\b/, 3],
    ],
    negative: [[/exclusive (remedy|remedies|monetary remedy|jurisdiction|of (gst|hst|pst|taxes|sales tax|goods|all taxes))|sole and exclusive (monetary )?remed|non-?exclusive (licen[cs]e|basis|right|arrangement)|(is|be|are) non-?exclusive|to the exclusion of|nothing[^.]{0,60}(prevent|restrict|preclude)s?[^.]{0,60}(engag|retain|contract|purchas)/, -4]],
  },

  minimum_commitment: {
    heading: [/minimum (commitment|purchase|volume|quantit|order|spend|take|billing|charge|fee|payment)|take[- ]or[- ]pay|ship[- ]or[- ]pay|guaranteed (volume|minimum|hours)|volume commitment/],
    body: [
      [/take[- ]or[- ]pay|ship[- ]or[- ]pay|deliver[- ]or[- ]pay|use[- ]or[- ]pay|take or,?[^.]{0,20}pay/, 4],
      [/minimum (annual |monthly |quarterly )?(purchase|volume|quantit(y|ies)|order|commitment|spend|take|revenue|billing|hours|number of|value of work|amount of work|charge|fee|payment)|(annual|daily|monthly) contract quantit/, 3],
      [/(not less than|at least|a minimum of|no less than|a floor of) [\d,]+ ([a-z-]+ )?(hours|man-?hours|crew-?hours|person-?hours|labou?r hours|tonnes|barrels|units|work orders|cubic metres)[^.]{0,40}(per|each|every|in any|in each) (year|month|quarter|contract year|week|term)|commits? to (deliver|ship|purchase|take|order|buy)[^.]{0,40}(a minimum of|at least|not less than)/, 3],
      [/(guarantees?|commits?|undertakes?|agrees?)[^.]{0,100}(value|volume|quantity|hours|tonnes|number|amount)[^.]{0,80}(not less than|at least|minimum|no less than)/, 2],
      [/whether or not[^.]{0,30}(takes?|taken|uses?|used|orders?|ordered|requires?|required|tenders?|tendered|requests?|requested|nominat|ships?|shipped|delivers?|delivered)|(regardless|irrespective) of (the )?(actual )?(quantity|volume|amount|throughput|usage|use)/, 2],
      [/(does not|do not|no|not) (commit|guarantee)s?[^.]{0,40}(level|volume|quantity|amount|minimum|number)|below (that|the) (floor|minimum)/, 3],
      [/demand charges?|reservation (charges?|fees?)|firm (transportation )?service|capacity (charges?|payments?|fees?)/, 1.5],
      [/pay[^.]{0,60}(the |any )?(shortfall|deficiency|difference)/, 1.5],
      [/(guarantees?|commits?|undertakes?|agrees?)[^.]{0,60}(minimum|at least|not less than)[^.]{0,60}(volume|quantity|hours|tonnes|purchases?|orders|work orders|work|services|value)/, 2],
      [/shortfall (payment|fee|amount)|deficiency payment|(pay|payment) for (any|the) (shortfall|deficiency)|whether or not (taken|used|ordered|required)/, 2],
      [/does not guarantee[^.]{0,40}(volume|quantity|amount|minimum|work)|no (guaranteed|minimum) (volume|quantity|amount of work)/, 2],
      [/\bno (\w+ ){0,3}(quantity|volume|amount|minimum|level)( or (quantity|volume|amount))? (of [a-z ]{0,30})?(is |are |shall be )?guaranteed|(not|no)[^.]{0,40}(oblige|obligat|require)[^.]{0,40}(order|issue|purchase)[^.]{0,40}(any|minimum)/, 3],
    ],
  },
};
