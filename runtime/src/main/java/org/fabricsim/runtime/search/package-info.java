/**
 * Design-space search: the configurations of a study's workload that the editor's rules accept
 * ({@link org.fabricsim.runtime.analysis.TrainingRules}), screened on the analytical network model,
 * the best refined on the flow model, with the best, the Pareto front and the rejections per rule.
 */
package org.fabricsim.runtime.search;
